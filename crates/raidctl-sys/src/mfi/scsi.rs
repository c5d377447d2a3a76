//! How megaraid_sas numbers what it exposes on the SCSI bus (`megaraid_sas.h`: VDs on the
//! logical channels 2 and 3, 128 targets per channel): the host join reads it, the
//! simulated sysfs tree writes it.

/// First SCSI channel megaraid_sas uses for logical drives.
pub const LD_CHANNEL: u32 = 2;
/// Devices per channel.
pub const PER_CHANNEL: u32 = 128;

/// The SCSI channel and target of VD `target_id`.
pub fn vd_channel_target(target_id: u32) -> (u32, u32) {
    (
        LD_CHANNEL + target_id / PER_CHANNEL,
        target_id % PER_CHANNEL,
    )
}
