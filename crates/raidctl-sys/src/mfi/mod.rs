//! The MegaRAID firmware interface as bytes: frame and payload layouts ([`abi`]), the
//! DCMD opcodes ([`opcode`]) and the transport a DCMD travels over ([`transport`]). The
//! native backend speaks it to the kernel driver; the simulated firmware answers it.

pub mod abi;
pub mod opcode;
pub mod scsi;
pub mod transport;
