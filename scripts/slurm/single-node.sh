#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the test that submits a sharded match to it
# (xtask/tests/slurm.rs) and for trying scripts/slurm/match.sh without a cluster. Needs root and
# Debian's slurm-wlm and munge (apt-get install slurm-wlm munge).
#
#   scripts/slurm/single-node.sh start WORK   # munged, slurmctld and slurmd; prints SLURM_CONF
#   scripts/slurm/single-node.sh stop WORK
#
# Everything (configuration, state, logs, pid files) lives in WORK; munged keeps the system's
# key and socket (/etc/munge, /run/munge), as Slurm's auth/munge expects them. Ports 16817
# and 16818, so that a cluster already on the machine is left alone.
set -euo pipefail

work=$(realpath -m "${2:?usage: $0 start|stop WORK}")
conf="$work/slurm.conf"

start() {
    mkdir -p "$work/state" "$work/spool" /run/munge
    if [[ ! -s /etc/munge/munge.key ]]; then
        mungekey --create --keyfile=/etc/munge/munge.key
    fi
    chown -R munge:munge /etc/munge /run/munge 2>/dev/null || true
    if ! munge -n > /dev/null 2>&1; then
        # munged refuses root without --force; it runs as the munge user where there is one.
        if id munge > /dev/null 2>&1; then
            runuser -u munge -- /usr/sbin/munged
        else
            /usr/sbin/munged --force
        fi
        for _ in $(seq 50); do munge -n > /dev/null 2>&1 && break; sleep 0.1; done
    fi
    local host cpus
    host=$(hostname -s)
    cpus=$(nproc)
    cat > "$conf" <<CONF
ClusterName=arbiter-test
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:4
CONF
    SLURM_CONF="$conf" /usr/sbin/slurmctld -i
    SLURM_CONF="$conf" /usr/sbin/slurmd
    for _ in $(seq 100); do
        if SLURM_CONF="$conf" sinfo -h -o %T 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
            echo "SLURM_CONF=$conf"
            return 0
        fi
        sleep 0.2
    done
    echo "the one-node cluster did not come up; see $work/slurmctld.log and $work/slurmd.log" >&2
    return 1
}

stop() {
    local pid
    for daemon in slurmd slurmctld; do
        if [[ -s "$work/$daemon.pid" ]]; then
            pid=$(cat "$work/$daemon.pid")
            kill "$pid" 2> /dev/null || true
            for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
        fi
    done
}

case "$1" in
start) start ;;
stop) stop ;;
*) echo "usage: $0 start|stop WORK" >&2; exit 2 ;;
esac
