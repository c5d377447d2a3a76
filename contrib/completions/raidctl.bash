_raidctl() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="raidctl"
                ;;
            raidctl,adapter)
                cmd="raidctl__subcmd__adapter"
                ;;
            raidctl,ceph)
                cmd="raidctl__subcmd__ceph"
                ;;
            raidctl,check)
                cmd="raidctl__subcmd__check"
                ;;
            raidctl,collect)
                cmd="raidctl__subcmd__collect"
                ;;
            raidctl,doctor)
                cmd="raidctl__subcmd__doctor"
                ;;
            raidctl,foreign)
                cmd="raidctl__subcmd__foreign"
                ;;
            raidctl,generate)
                cmd="raidctl__subcmd__generate"
                ;;
            raidctl,help)
                cmd="raidctl__subcmd__help"
                ;;
            raidctl,hotspare)
                cmd="raidctl__subcmd__hotspare"
                ;;
            raidctl,inventory)
                cmd="raidctl__subcmd__inventory"
                ;;
            raidctl,ld)
                cmd="raidctl__subcmd__ld"
                ;;
            raidctl,metrics)
                cmd="raidctl__subcmd__metrics"
                ;;
            raidctl,osd-prep)
                cmd="raidctl__subcmd__osd__subcmd__prep"
                ;;
            raidctl,parse)
                cmd="raidctl__subcmd__parse"
                ;;
            raidctl,pd)
                cmd="raidctl__subcmd__pd"
                ;;
            raidctl,qualify)
                cmd="raidctl__subcmd__qualify"
                ;;
            raidctl,rebuild)
                cmd="raidctl__subcmd__rebuild"
                ;;
            raidctl,replace-drive)
                cmd="raidctl__subcmd__replace__subcmd__drive"
                ;;
            raidctl,resume)
                cmd="raidctl__subcmd__resume"
                ;;
            raidctl,sim)
                cmd="raidctl__subcmd__sim"
                ;;
            raidctl,status)
                cmd="raidctl__subcmd__status"
                ;;
            raidctl,workflows)
                cmd="raidctl__subcmd__workflows"
                ;;
            raidctl__subcmd__adapter,alarm)
                cmd="raidctl__subcmd__adapter__subcmd__alarm"
                ;;
            raidctl__subcmd__adapter,battery-warning)
                cmd="raidctl__subcmd__adapter__subcmd__battery__subcmd__warning"
                ;;
            raidctl__subcmd__adapter,help)
                cmd="raidctl__subcmd__adapter__subcmd__help"
                ;;
            raidctl__subcmd__adapter,rebuild-rate)
                cmd="raidctl__subcmd__adapter__subcmd__rebuild__subcmd__rate"
                ;;
            raidctl__subcmd__adapter__subcmd__help,alarm)
                cmd="raidctl__subcmd__adapter__subcmd__help__subcmd__alarm"
                ;;
            raidctl__subcmd__adapter__subcmd__help,battery-warning)
                cmd="raidctl__subcmd__adapter__subcmd__help__subcmd__battery__subcmd__warning"
                ;;
            raidctl__subcmd__adapter__subcmd__help,help)
                cmd="raidctl__subcmd__adapter__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__adapter__subcmd__help,rebuild-rate)
                cmd="raidctl__subcmd__adapter__subcmd__help__subcmd__rebuild__subcmd__rate"
                ;;
            raidctl__subcmd__ceph,help)
                cmd="raidctl__subcmd__ceph__subcmd__help"
                ;;
            raidctl__subcmd__ceph,sync)
                cmd="raidctl__subcmd__ceph__subcmd__sync"
                ;;
            raidctl__subcmd__ceph__subcmd__help,help)
                cmd="raidctl__subcmd__ceph__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__ceph__subcmd__help,sync)
                cmd="raidctl__subcmd__ceph__subcmd__help__subcmd__sync"
                ;;
            raidctl__subcmd__foreign,clear)
                cmd="raidctl__subcmd__foreign__subcmd__clear"
                ;;
            raidctl__subcmd__foreign,help)
                cmd="raidctl__subcmd__foreign__subcmd__help"
                ;;
            raidctl__subcmd__foreign,import)
                cmd="raidctl__subcmd__foreign__subcmd__import"
                ;;
            raidctl__subcmd__foreign,scan)
                cmd="raidctl__subcmd__foreign__subcmd__scan"
                ;;
            raidctl__subcmd__foreign,show)
                cmd="raidctl__subcmd__foreign__subcmd__show"
                ;;
            raidctl__subcmd__foreign__subcmd__help,clear)
                cmd="raidctl__subcmd__foreign__subcmd__help__subcmd__clear"
                ;;
            raidctl__subcmd__foreign__subcmd__help,help)
                cmd="raidctl__subcmd__foreign__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__foreign__subcmd__help,import)
                cmd="raidctl__subcmd__foreign__subcmd__help__subcmd__import"
                ;;
            raidctl__subcmd__foreign__subcmd__help,scan)
                cmd="raidctl__subcmd__foreign__subcmd__help__subcmd__scan"
                ;;
            raidctl__subcmd__foreign__subcmd__help,show)
                cmd="raidctl__subcmd__foreign__subcmd__help__subcmd__show"
                ;;
            raidctl__subcmd__help,adapter)
                cmd="raidctl__subcmd__help__subcmd__adapter"
                ;;
            raidctl__subcmd__help,ceph)
                cmd="raidctl__subcmd__help__subcmd__ceph"
                ;;
            raidctl__subcmd__help,check)
                cmd="raidctl__subcmd__help__subcmd__check"
                ;;
            raidctl__subcmd__help,collect)
                cmd="raidctl__subcmd__help__subcmd__collect"
                ;;
            raidctl__subcmd__help,doctor)
                cmd="raidctl__subcmd__help__subcmd__doctor"
                ;;
            raidctl__subcmd__help,foreign)
                cmd="raidctl__subcmd__help__subcmd__foreign"
                ;;
            raidctl__subcmd__help,generate)
                cmd="raidctl__subcmd__help__subcmd__generate"
                ;;
            raidctl__subcmd__help,help)
                cmd="raidctl__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__help,hotspare)
                cmd="raidctl__subcmd__help__subcmd__hotspare"
                ;;
            raidctl__subcmd__help,inventory)
                cmd="raidctl__subcmd__help__subcmd__inventory"
                ;;
            raidctl__subcmd__help,ld)
                cmd="raidctl__subcmd__help__subcmd__ld"
                ;;
            raidctl__subcmd__help,metrics)
                cmd="raidctl__subcmd__help__subcmd__metrics"
                ;;
            raidctl__subcmd__help,osd-prep)
                cmd="raidctl__subcmd__help__subcmd__osd__subcmd__prep"
                ;;
            raidctl__subcmd__help,parse)
                cmd="raidctl__subcmd__help__subcmd__parse"
                ;;
            raidctl__subcmd__help,pd)
                cmd="raidctl__subcmd__help__subcmd__pd"
                ;;
            raidctl__subcmd__help,qualify)
                cmd="raidctl__subcmd__help__subcmd__qualify"
                ;;
            raidctl__subcmd__help,rebuild)
                cmd="raidctl__subcmd__help__subcmd__rebuild"
                ;;
            raidctl__subcmd__help,replace-drive)
                cmd="raidctl__subcmd__help__subcmd__replace__subcmd__drive"
                ;;
            raidctl__subcmd__help,resume)
                cmd="raidctl__subcmd__help__subcmd__resume"
                ;;
            raidctl__subcmd__help,sim)
                cmd="raidctl__subcmd__help__subcmd__sim"
                ;;
            raidctl__subcmd__help,status)
                cmd="raidctl__subcmd__help__subcmd__status"
                ;;
            raidctl__subcmd__help,workflows)
                cmd="raidctl__subcmd__help__subcmd__workflows"
                ;;
            raidctl__subcmd__help__subcmd__adapter,alarm)
                cmd="raidctl__subcmd__help__subcmd__adapter__subcmd__alarm"
                ;;
            raidctl__subcmd__help__subcmd__adapter,battery-warning)
                cmd="raidctl__subcmd__help__subcmd__adapter__subcmd__battery__subcmd__warning"
                ;;
            raidctl__subcmd__help__subcmd__adapter,rebuild-rate)
                cmd="raidctl__subcmd__help__subcmd__adapter__subcmd__rebuild__subcmd__rate"
                ;;
            raidctl__subcmd__help__subcmd__ceph,sync)
                cmd="raidctl__subcmd__help__subcmd__ceph__subcmd__sync"
                ;;
            raidctl__subcmd__help__subcmd__foreign,clear)
                cmd="raidctl__subcmd__help__subcmd__foreign__subcmd__clear"
                ;;
            raidctl__subcmd__help__subcmd__foreign,import)
                cmd="raidctl__subcmd__help__subcmd__foreign__subcmd__import"
                ;;
            raidctl__subcmd__help__subcmd__foreign,scan)
                cmd="raidctl__subcmd__help__subcmd__foreign__subcmd__scan"
                ;;
            raidctl__subcmd__help__subcmd__foreign,show)
                cmd="raidctl__subcmd__help__subcmd__foreign__subcmd__show"
                ;;
            raidctl__subcmd__help__subcmd__hotspare,add)
                cmd="raidctl__subcmd__help__subcmd__hotspare__subcmd__add"
                ;;
            raidctl__subcmd__help__subcmd__hotspare,remove)
                cmd="raidctl__subcmd__help__subcmd__hotspare__subcmd__remove"
                ;;
            raidctl__subcmd__help__subcmd__inventory,forget)
                cmd="raidctl__subcmd__help__subcmd__inventory__subcmd__forget"
                ;;
            raidctl__subcmd__help__subcmd__ld,create)
                cmd="raidctl__subcmd__help__subcmd__ld__subcmd__create"
                ;;
            raidctl__subcmd__help__subcmd__ld,delete)
                cmd="raidctl__subcmd__help__subcmd__ld__subcmd__delete"
                ;;
            raidctl__subcmd__help__subcmd__ld,set)
                cmd="raidctl__subcmd__help__subcmd__ld__subcmd__set"
                ;;
            raidctl__subcmd__help__subcmd__pd,locate)
                cmd="raidctl__subcmd__help__subcmd__pd__subcmd__locate"
                ;;
            raidctl__subcmd__help__subcmd__pd,make-good)
                cmd="raidctl__subcmd__help__subcmd__pd__subcmd__make__subcmd__good"
                ;;
            raidctl__subcmd__help__subcmd__pd,offline)
                cmd="raidctl__subcmd__help__subcmd__pd__subcmd__offline"
                ;;
            raidctl__subcmd__help__subcmd__pd,online)
                cmd="raidctl__subcmd__help__subcmd__pd__subcmd__online"
                ;;
            raidctl__subcmd__help__subcmd__sim,advance)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__advance"
                ;;
            raidctl__subcmd__help__subcmd__sim,bad-blocks)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__bad__subcmd__blocks"
                ;;
            raidctl__subcmd__help__subcmd__sim,bbu)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__bbu"
                ;;
            raidctl__subcmd__help__subcmd__sim,block-devices)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices"
                ;;
            raidctl__subcmd__help__subcmd__sim,calls)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__calls"
                ;;
            raidctl__subcmd__help__subcmd__sim,env)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__env"
                ;;
            raidctl__subcmd__help__subcmd__sim,event)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__event"
                ;;
            raidctl__subcmd__help__subcmd__sim,exec)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__exec"
                ;;
            raidctl__subcmd__help__subcmd__sim,fail)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__fail"
                ;;
            raidctl__subcmd__help__subcmd__sim,fault)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__fault"
                ;;
            raidctl__subcmd__help__subcmd__sim,init)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__init"
                ;;
            raidctl__subcmd__help__subcmd__sim,insert)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__insert"
                ;;
            raidctl__subcmd__help__subcmd__sim,media-errors)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__media__subcmd__errors"
                ;;
            raidctl__subcmd__help__subcmd__sim,predictive)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__predictive"
                ;;
            raidctl__subcmd__help__subcmd__sim,pull)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__pull"
                ;;
            raidctl__subcmd__help__subcmd__sim,reboot)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__reboot"
                ;;
            raidctl__subcmd__help__subcmd__sim,scenarios)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__scenarios"
                ;;
            raidctl__subcmd__help__subcmd__sim,smart)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__smart"
                ;;
            raidctl__subcmd__help__subcmd__sim,speed)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__speed"
                ;;
            raidctl__subcmd__help__subcmd__sim,state)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__state"
                ;;
            raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices,list)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices__subcmd__list"
                ;;
            raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices,off)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices__subcmd__off"
                ;;
            raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices,on)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices__subcmd__on"
                ;;
            raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices,renumber)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices__subcmd__renumber"
                ;;
            raidctl__subcmd__help__subcmd__sim__subcmd__fault,add)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__fault__subcmd__add"
                ;;
            raidctl__subcmd__help__subcmd__sim__subcmd__fault,clear)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__fault__subcmd__clear"
                ;;
            raidctl__subcmd__help__subcmd__sim__subcmd__fault,list)
                cmd="raidctl__subcmd__help__subcmd__sim__subcmd__fault__subcmd__list"
                ;;
            raidctl__subcmd__help__subcmd__workflows,dismiss)
                cmd="raidctl__subcmd__help__subcmd__workflows__subcmd__dismiss"
                ;;
            raidctl__subcmd__hotspare,add)
                cmd="raidctl__subcmd__hotspare__subcmd__add"
                ;;
            raidctl__subcmd__hotspare,help)
                cmd="raidctl__subcmd__hotspare__subcmd__help"
                ;;
            raidctl__subcmd__hotspare,remove)
                cmd="raidctl__subcmd__hotspare__subcmd__remove"
                ;;
            raidctl__subcmd__hotspare__subcmd__help,add)
                cmd="raidctl__subcmd__hotspare__subcmd__help__subcmd__add"
                ;;
            raidctl__subcmd__hotspare__subcmd__help,help)
                cmd="raidctl__subcmd__hotspare__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__hotspare__subcmd__help,remove)
                cmd="raidctl__subcmd__hotspare__subcmd__help__subcmd__remove"
                ;;
            raidctl__subcmd__inventory,forget)
                cmd="raidctl__subcmd__inventory__subcmd__forget"
                ;;
            raidctl__subcmd__inventory,help)
                cmd="raidctl__subcmd__inventory__subcmd__help"
                ;;
            raidctl__subcmd__inventory__subcmd__help,forget)
                cmd="raidctl__subcmd__inventory__subcmd__help__subcmd__forget"
                ;;
            raidctl__subcmd__inventory__subcmd__help,help)
                cmd="raidctl__subcmd__inventory__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__ld,create)
                cmd="raidctl__subcmd__ld__subcmd__create"
                ;;
            raidctl__subcmd__ld,delete)
                cmd="raidctl__subcmd__ld__subcmd__delete"
                ;;
            raidctl__subcmd__ld,help)
                cmd="raidctl__subcmd__ld__subcmd__help"
                ;;
            raidctl__subcmd__ld,set)
                cmd="raidctl__subcmd__ld__subcmd__set"
                ;;
            raidctl__subcmd__ld__subcmd__help,create)
                cmd="raidctl__subcmd__ld__subcmd__help__subcmd__create"
                ;;
            raidctl__subcmd__ld__subcmd__help,delete)
                cmd="raidctl__subcmd__ld__subcmd__help__subcmd__delete"
                ;;
            raidctl__subcmd__ld__subcmd__help,help)
                cmd="raidctl__subcmd__ld__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__ld__subcmd__help,set)
                cmd="raidctl__subcmd__ld__subcmd__help__subcmd__set"
                ;;
            raidctl__subcmd__pd,help)
                cmd="raidctl__subcmd__pd__subcmd__help"
                ;;
            raidctl__subcmd__pd,locate)
                cmd="raidctl__subcmd__pd__subcmd__locate"
                ;;
            raidctl__subcmd__pd,make-good)
                cmd="raidctl__subcmd__pd__subcmd__make__subcmd__good"
                ;;
            raidctl__subcmd__pd,offline)
                cmd="raidctl__subcmd__pd__subcmd__offline"
                ;;
            raidctl__subcmd__pd,online)
                cmd="raidctl__subcmd__pd__subcmd__online"
                ;;
            raidctl__subcmd__pd__subcmd__help,help)
                cmd="raidctl__subcmd__pd__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__pd__subcmd__help,locate)
                cmd="raidctl__subcmd__pd__subcmd__help__subcmd__locate"
                ;;
            raidctl__subcmd__pd__subcmd__help,make-good)
                cmd="raidctl__subcmd__pd__subcmd__help__subcmd__make__subcmd__good"
                ;;
            raidctl__subcmd__pd__subcmd__help,offline)
                cmd="raidctl__subcmd__pd__subcmd__help__subcmd__offline"
                ;;
            raidctl__subcmd__pd__subcmd__help,online)
                cmd="raidctl__subcmd__pd__subcmd__help__subcmd__online"
                ;;
            raidctl__subcmd__sim,advance)
                cmd="raidctl__subcmd__sim__subcmd__advance"
                ;;
            raidctl__subcmd__sim,bad-blocks)
                cmd="raidctl__subcmd__sim__subcmd__bad__subcmd__blocks"
                ;;
            raidctl__subcmd__sim,bbu)
                cmd="raidctl__subcmd__sim__subcmd__bbu"
                ;;
            raidctl__subcmd__sim,block-devices)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices"
                ;;
            raidctl__subcmd__sim,calls)
                cmd="raidctl__subcmd__sim__subcmd__calls"
                ;;
            raidctl__subcmd__sim,env)
                cmd="raidctl__subcmd__sim__subcmd__env"
                ;;
            raidctl__subcmd__sim,event)
                cmd="raidctl__subcmd__sim__subcmd__event"
                ;;
            raidctl__subcmd__sim,exec)
                cmd="raidctl__subcmd__sim__subcmd__exec"
                ;;
            raidctl__subcmd__sim,fail)
                cmd="raidctl__subcmd__sim__subcmd__fail"
                ;;
            raidctl__subcmd__sim,fault)
                cmd="raidctl__subcmd__sim__subcmd__fault"
                ;;
            raidctl__subcmd__sim,help)
                cmd="raidctl__subcmd__sim__subcmd__help"
                ;;
            raidctl__subcmd__sim,init)
                cmd="raidctl__subcmd__sim__subcmd__init"
                ;;
            raidctl__subcmd__sim,insert)
                cmd="raidctl__subcmd__sim__subcmd__insert"
                ;;
            raidctl__subcmd__sim,media-errors)
                cmd="raidctl__subcmd__sim__subcmd__media__subcmd__errors"
                ;;
            raidctl__subcmd__sim,predictive)
                cmd="raidctl__subcmd__sim__subcmd__predictive"
                ;;
            raidctl__subcmd__sim,pull)
                cmd="raidctl__subcmd__sim__subcmd__pull"
                ;;
            raidctl__subcmd__sim,reboot)
                cmd="raidctl__subcmd__sim__subcmd__reboot"
                ;;
            raidctl__subcmd__sim,scenarios)
                cmd="raidctl__subcmd__sim__subcmd__scenarios"
                ;;
            raidctl__subcmd__sim,smart)
                cmd="raidctl__subcmd__sim__subcmd__smart"
                ;;
            raidctl__subcmd__sim,speed)
                cmd="raidctl__subcmd__sim__subcmd__speed"
                ;;
            raidctl__subcmd__sim,state)
                cmd="raidctl__subcmd__sim__subcmd__state"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices,help)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices,list)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__list"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices,off)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__off"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices,on)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__on"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices,renumber)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__renumber"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help,help)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help,list)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__list"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help,off)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__off"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help,on)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__on"
                ;;
            raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help,renumber)
                cmd="raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__renumber"
                ;;
            raidctl__subcmd__sim__subcmd__fault,add)
                cmd="raidctl__subcmd__sim__subcmd__fault__subcmd__add"
                ;;
            raidctl__subcmd__sim__subcmd__fault,clear)
                cmd="raidctl__subcmd__sim__subcmd__fault__subcmd__clear"
                ;;
            raidctl__subcmd__sim__subcmd__fault,help)
                cmd="raidctl__subcmd__sim__subcmd__fault__subcmd__help"
                ;;
            raidctl__subcmd__sim__subcmd__fault,list)
                cmd="raidctl__subcmd__sim__subcmd__fault__subcmd__list"
                ;;
            raidctl__subcmd__sim__subcmd__fault__subcmd__help,add)
                cmd="raidctl__subcmd__sim__subcmd__fault__subcmd__help__subcmd__add"
                ;;
            raidctl__subcmd__sim__subcmd__fault__subcmd__help,clear)
                cmd="raidctl__subcmd__sim__subcmd__fault__subcmd__help__subcmd__clear"
                ;;
            raidctl__subcmd__sim__subcmd__fault__subcmd__help,help)
                cmd="raidctl__subcmd__sim__subcmd__fault__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__sim__subcmd__fault__subcmd__help,list)
                cmd="raidctl__subcmd__sim__subcmd__fault__subcmd__help__subcmd__list"
                ;;
            raidctl__subcmd__sim__subcmd__help,advance)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__advance"
                ;;
            raidctl__subcmd__sim__subcmd__help,bad-blocks)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__bad__subcmd__blocks"
                ;;
            raidctl__subcmd__sim__subcmd__help,bbu)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__bbu"
                ;;
            raidctl__subcmd__sim__subcmd__help,block-devices)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices"
                ;;
            raidctl__subcmd__sim__subcmd__help,calls)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__calls"
                ;;
            raidctl__subcmd__sim__subcmd__help,env)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__env"
                ;;
            raidctl__subcmd__sim__subcmd__help,event)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__event"
                ;;
            raidctl__subcmd__sim__subcmd__help,exec)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__exec"
                ;;
            raidctl__subcmd__sim__subcmd__help,fail)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__fail"
                ;;
            raidctl__subcmd__sim__subcmd__help,fault)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__fault"
                ;;
            raidctl__subcmd__sim__subcmd__help,help)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__help"
                ;;
            raidctl__subcmd__sim__subcmd__help,init)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__init"
                ;;
            raidctl__subcmd__sim__subcmd__help,insert)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__insert"
                ;;
            raidctl__subcmd__sim__subcmd__help,media-errors)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__media__subcmd__errors"
                ;;
            raidctl__subcmd__sim__subcmd__help,predictive)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__predictive"
                ;;
            raidctl__subcmd__sim__subcmd__help,pull)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__pull"
                ;;
            raidctl__subcmd__sim__subcmd__help,reboot)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__reboot"
                ;;
            raidctl__subcmd__sim__subcmd__help,scenarios)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__scenarios"
                ;;
            raidctl__subcmd__sim__subcmd__help,smart)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__smart"
                ;;
            raidctl__subcmd__sim__subcmd__help,speed)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__speed"
                ;;
            raidctl__subcmd__sim__subcmd__help,state)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__state"
                ;;
            raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices,list)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices__subcmd__list"
                ;;
            raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices,off)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices__subcmd__off"
                ;;
            raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices,on)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices__subcmd__on"
                ;;
            raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices,renumber)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices__subcmd__renumber"
                ;;
            raidctl__subcmd__sim__subcmd__help__subcmd__fault,add)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__fault__subcmd__add"
                ;;
            raidctl__subcmd__sim__subcmd__help__subcmd__fault,clear)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__fault__subcmd__clear"
                ;;
            raidctl__subcmd__sim__subcmd__help__subcmd__fault,list)
                cmd="raidctl__subcmd__sim__subcmd__help__subcmd__fault__subcmd__list"
                ;;
            raidctl__subcmd__workflows,dismiss)
                cmd="raidctl__subcmd__workflows__subcmd__dismiss"
                ;;
            raidctl__subcmd__workflows,help)
                cmd="raidctl__subcmd__workflows__subcmd__help"
                ;;
            raidctl__subcmd__workflows__subcmd__help,dismiss)
                cmd="raidctl__subcmd__workflows__subcmd__help__subcmd__dismiss"
                ;;
            raidctl__subcmd__workflows__subcmd__help,help)
                cmd="raidctl__subcmd__workflows__subcmd__help__subcmd__help"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        raidctl)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version alarm battery-warning rebuild-rate help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter__subcmd__alarm)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version silence enable disable"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter__subcmd__battery__subcmd__warning)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version enable disable"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter__subcmd__help)
            opts="alarm battery-warning rebuild-rate help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter__subcmd__help__subcmd__alarm)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter__subcmd__help__subcmd__battery__subcmd__warning)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter__subcmd__help__subcmd__rebuild__subcmd__rate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__adapter__subcmd__rebuild__subcmd__rate)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ceph)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version sync help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ceph__subcmd__help)
            opts="sync help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ceph__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ceph__subcmd__help__subcmd__sync)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ceph__subcmd__sync)
            opts="-t -q -h -V --dry-run --window --wear-threshold --max-age --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --window)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wear-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__check)
            opts="-v -t -q -h -V --max-age --full-read-after --from-bundle --state --ignore --expect-drives --expect-spares --expect-vds --config --verbose --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --full-read-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from-bundle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect-drives)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect-spares)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --expect-vds)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__collect)
            opts="-o -t -q -h -V --output --level --since --redact --item-limit --total-limit --budget --force --per-command-timeout --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --level)
                    COMPREPLY=($(compgen -W "quick standard deep" -- "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redact)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --item-limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --total-limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --budget)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --per-command-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__doctor)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version scan show import clear help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__clear)
            opts="-a -y -t -q -h -V --i-understand-data-loss --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --i-understand-data-loss)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__help)
            opts="scan show import clear help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__help__subcmd__clear)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__help__subcmd__import)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__help__subcmd__scan)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__import)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__scan)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__foreign__subcmd__show)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__generate)
            opts="-t -q -h -V --dir --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version man bash zsh fish"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help)
            opts="generate parse status check metrics ceph collect qualify osd-prep doctor sim replace-drive resume inventory workflows foreign hotspare rebuild pd adapter ld help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__adapter)
            opts="alarm battery-warning rebuild-rate"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__adapter__subcmd__alarm)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__adapter__subcmd__battery__subcmd__warning)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__adapter__subcmd__rebuild__subcmd__rate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__ceph)
            opts="sync"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__ceph__subcmd__sync)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__check)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__collect)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__doctor)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__foreign)
            opts="scan show import clear"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__foreign__subcmd__clear)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__foreign__subcmd__import)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__foreign__subcmd__scan)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__foreign__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__generate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__hotspare)
            opts="add remove"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__hotspare__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__hotspare__subcmd__remove)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__inventory)
            opts="forget"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__inventory__subcmd__forget)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__ld)
            opts="create delete set"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__ld__subcmd__create)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__ld__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__ld__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__metrics)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__osd__subcmd__prep)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__parse)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__pd)
            opts="locate make-good offline online"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__pd__subcmd__locate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__pd__subcmd__make__subcmd__good)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__pd__subcmd__offline)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__pd__subcmd__online)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__qualify)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__rebuild)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__replace__subcmd__drive)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim)
            opts="exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__advance)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__bad__subcmd__blocks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__bbu)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices)
            opts="on off list renumber"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices__subcmd__off)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices__subcmd__on)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__block__subcmd__devices__subcmd__renumber)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__calls)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__env)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__event)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__exec)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__fail)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__fault)
            opts="add clear list"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__fault__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__fault__subcmd__clear)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__fault__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__init)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__insert)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__media__subcmd__errors)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__predictive)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__pull)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__reboot)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__scenarios)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__smart)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__speed)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__sim__subcmd__state)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__status)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__workflows)
            opts="dismiss"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__help__subcmd__workflows__subcmd__dismiss)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__hotspare)
            opts="-y -t -q -h -V --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version add remove help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__hotspare__subcmd__add)
            opts="-a -y -t -q -h -V --dedicated --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --dedicated)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__hotspare__subcmd__help)
            opts="add remove help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__hotspare__subcmd__help__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__hotspare__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__hotspare__subcmd__help__subcmd__remove)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__hotspare__subcmd__remove)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__inventory)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version forget help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__inventory__subcmd__forget)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__inventory__subcmd__help)
            opts="forget help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__inventory__subcmd__help__subcmd__forget)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__inventory__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version create delete set help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld__subcmd__create)
            opts="-a -y -t -q -h -V --raid --span-size --write --read --io --pdcache --strip --name --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --raid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --span-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --write)
                    COMPREPLY=($(compgen -W "wt wb auto" -- "${cur}"))
                    return 0
                    ;;
                --read)
                    COMPREPLY=($(compgen -W "ra nora adra" -- "${cur}"))
                    return 0
                    ;;
                --io)
                    COMPREPLY=($(compgen -W "direct cached" -- "${cur}"))
                    return 0
                    ;;
                --pdcache)
                    COMPREPLY=($(compgen -W "on off default" -- "${cur}"))
                    return 0
                    ;;
                --strip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld__subcmd__delete)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld__subcmd__help)
            opts="create delete set help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld__subcmd__help__subcmd__create)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld__subcmd__help__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld__subcmd__help__subcmd__set)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__ld__subcmd__set)
            opts="-a -y -t -q -h -V --write --read --io --pdcache --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --write)
                    COMPREPLY=($(compgen -W "wt wb auto" -- "${cur}"))
                    return 0
                    ;;
                --read)
                    COMPREPLY=($(compgen -W "ra nora adra" -- "${cur}"))
                    return 0
                    ;;
                --io)
                    COMPREPLY=($(compgen -W "direct cached" -- "${cur}"))
                    return 0
                    ;;
                --pdcache)
                    COMPREPLY=($(compgen -W "on off default" -- "${cur}"))
                    return 0
                    ;;
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__metrics)
            opts="-t -q -h -V --max-age --full-read-after --textfile-dir --compat --ceph-sync --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --full-read-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --textfile-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --compat)
                    COMPREPLY=($(compgen -W "storcli-py" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__osd__subcmd__prep)
            opts="-a -t -q -h -V --adapter --drives --mode --write --read --io --pdcache --strip --profile --role --engine --profile-file --json --svg --read-only --host-name --dry-run --yes --ceph-deploy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --drives)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --mode)
                    COMPREPLY=($(compgen -W "auto raid0 jbod" -- "${cur}"))
                    return 0
                    ;;
                --write)
                    COMPREPLY=($(compgen -W "wt wb auto" -- "${cur}"))
                    return 0
                    ;;
                --read)
                    COMPREPLY=($(compgen -W "ra nora adra" -- "${cur}"))
                    return 0
                    ;;
                --io)
                    COMPREPLY=($(compgen -W "direct cached" -- "${cur}"))
                    return 0
                    ;;
                --pdcache)
                    COMPREPLY=($(compgen -W "on off default" -- "${cur}"))
                    return 0
                    ;;
                --strip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --profile)
                    COMPREPLY=($(compgen -W "smoke quick standard burn-in" -- "${cur}"))
                    return 0
                    ;;
                --role)
                    COMPREPLY=($(compgen -W "data wal-db" -- "${cur}"))
                    return 0
                    ;;
                --engine)
                    COMPREPLY=($(compgen -W "auto sync uring" -- "${cur}"))
                    return 0
                    ;;
                --profile-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --svg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --host-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-deploy)
                    COMPREPLY=($(compgen -W "auto package cephadm" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__parse)
            opts="-t -q -h -V --kind --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version locate make-good offline online help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__help)
            opts="locate make-good offline online help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__help__subcmd__locate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__help__subcmd__make__subcmd__good)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__help__subcmd__offline)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__help__subcmd__online)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__locate)
            opts="-a -y -t -q -h -V --osd --device --ceph-devid --on --off --stop --fault --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --osd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --device)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-devid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__make__subcmd__good)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__offline)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__pd__subcmd__online)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__qualify)
            opts="-t -q -h -V --profile --role --json --csv --markdown --svg --destroy-data --read-only --compare --engine --profile-file --no-together --html --no-self-test --self-test-timeout --cache-tool --host-name --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --profile)
                    COMPREPLY=($(compgen -W "smoke quick standard burn-in" -- "${cur}"))
                    return 0
                    ;;
                --role)
                    COMPREPLY=($(compgen -W "data wal-db" -- "${cur}"))
                    return 0
                    ;;
                --json)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --csv)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --markdown)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --svg)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --destroy-data)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --compare)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --engine)
                    COMPREPLY=($(compgen -W "auto sync uring" -- "${cur}"))
                    return 0
                    ;;
                --profile-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --html)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --self-test-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cache-tool)
                    COMPREPLY=($(compgen -W "auto hdparm sdparm none" -- "${cur}"))
                    return 0
                    ;;
                --host-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__rebuild)
            opts="-a -y -t -q -h -V --adapter --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version start stop status watch"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__replace__subcmd__drive)
            opts="-a -y -t -q -h -V --osd --adapter --i-understand-data-loss --qualify --clear-foreign --drain-timeout --settle --reweight --proactive --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --osd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --i-understand-data-loss)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --qualify)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --clear-foreign)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --drain-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --settle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__resume)
            opts="-y -t -q -h -V --qualify --clear-foreign --drain-timeout --settle --reweight --proactive --dry-run --yes --serial --wait-timeout --poll --accept-no-redundancy --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --qualify)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --clear-foreign)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --drain-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --settle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --serial)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --wait-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --poll)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --accept-no-redundancy)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__advance)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__bad__subcmd__blocks)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version on off"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__bbu)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version drain learn replace fail"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version on off list renumber help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help)
            opts="on off list renumber help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__off)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__on)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__help__subcmd__renumber)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__list)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__off)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__on)
            opts="-t -q -h -V --size-gb --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --size-gb)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__block__subcmd__devices__subcmd__renumber)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__calls)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__env)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__event)
            opts="-a -t -q -h -V --adapter --lba --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version puncture medium-error sense"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --lba)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__exec)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fail)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version add clear list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault__subcmd__add)
            opts="-t -q -h -V --command --kind --on-call --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --command)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --on-call)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault__subcmd__clear)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault__subcmd__help)
            opts="add clear list help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault__subcmd__help__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault__subcmd__help__subcmd__clear)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__fault__subcmd__list)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help)
            opts="exec env init scenarios state calls pull insert fail media-errors predictive smart event bad-blocks bbu reboot advance speed fault block-devices help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__advance)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__bad__subcmd__blocks)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__bbu)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices)
            opts="on off list renumber"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices__subcmd__off)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices__subcmd__on)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__block__subcmd__devices__subcmd__renumber)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__calls)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__env)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__event)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__exec)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__fail)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__fault)
            opts="add clear list"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__fault__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__fault__subcmd__clear)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__fault__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 5 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__init)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__insert)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__media__subcmd__errors)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__predictive)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__pull)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__reboot)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__scenarios)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__smart)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__speed)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__help__subcmd__state)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__init)
            opts="-t -q -h -V --from --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__insert)
            opts="-a -t -q -h -V --adapter --kind --size-gb --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kind)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --size-gb)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__media__subcmd__errors)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__predictive)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__pull)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__reboot)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version reset-log"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__scenarios)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__smart)
            opts="-a -t -q -h -V --adapter --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version trip ok unreadable readable wear pending temperature"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --adapter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -a)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__speed)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__sim__subcmd__state)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__status)
            opts="-t -q -h -V --max-age --full-read-after --from-bundle --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --full-read-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from-bundle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__workflows)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version dismiss help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__workflows__subcmd__dismiss)
            opts="-t -q -h -V --format --color --wide --sim --sim-state --megacli --backend --sys-root --osd-root --ceph-root --timeout --state-dir --smart-max-age --ceph-conf --ceph-name --quiet --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "table json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --sim)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sim-state)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --megacli)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --backend)
                    COMPREPLY=($(compgen -W "auto megacli storcli perccli storcli2 perccli2 omreport native" -- "${cur}"))
                    return 0
                    ;;
                --sys-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --osd-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-root)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -t)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --state-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --smart-max-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-conf)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ceph-name)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__workflows__subcmd__help)
            opts="dismiss help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__workflows__subcmd__help__subcmd__dismiss)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        raidctl__subcmd__workflows__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _raidctl -o nosort -o bashdefault -o default raidctl
else
    complete -F _raidctl -o bashdefault -o default raidctl
fi
