#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, from Debian's packages (apt-get install slurm-wlm munge), for trying the
# sbatch scripts of docs/scale-out.md and for the test that submits them (SlurmRecipeTest). No systemd: munged (as
# user munge), slurmctld -D and slurmd -D are started detached by hand, listening on 127.0.0.1 only. Run as root.
#
#   scripts/slurm-local.sh start     # prints the line to export: SLURM_CONF=...
#   scripts/slurm-local.sh status
#   scripts/slurm-local.sh stop      # stops only what start started, by the PID files it wrote
#
# Everything lives under CLARQ_SLURM_DIR (default /tmp/clarq-slurm): slurm.conf, PID files, logs, spool, state.
# A munged already answering on the default socket is used and left alone.
set -euo pipefail

STATE=${CLARQ_SLURM_DIR:-/tmp/clarq-slurm}
CONF=$STATE/slurm.conf
NODE=$(hostname -s)
MUNGE_SOCKET=/run/munge/munge.socket.2

say() { echo "slurm-local: $*" >&2; }
die() { say "$*"; exit 1; }

# the PID in FILE when that process is alive and is COMMAND; empty otherwise
alive() {
  local file=$1 command=$2 pid
  [[ -f $file ]] || return 0
  pid=$(<"$file")
  if [[ $pid =~ ^[0-9]+$ ]] && [[ -r /proc/$pid/comm ]] && [[ $(</proc/"$pid"/comm) == "$command" ]]; then
    echo "$pid"
  fi
}

munge_works() { munge -n -S "$MUNGE_SOCKET" 2>/dev/null | unmunge -S "$MUNGE_SOCKET" >/dev/null 2>&1; }

write_conf() {
  local cpus memory
  cpus=$(nproc)
  memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 * 9 / 10 ))
  cat >"$CONF" <<CONF
# written by scripts/slurm-local.sh: one node, this machine, 127.0.0.1 only
ClusterName=clarq-local
SlurmctldHost=$NODE(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
MailProg=/bin/true
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
ReturnToService=2
StateSaveLocation=$STATE/state
SlurmdSpoolDir=$STATE/spool
SlurmctldPidFile=$STATE/run/slurmctld.pid
SlurmdPidFile=$STATE/run/slurmd.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
NodeName=$NODE NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$NODE Default=YES MaxTime=INFINITE State=UP
CONF
}

start() {
  [[ $(id -u) == 0 ]] || die "run as root (munged runs as user munge, the Slurm daemons as root)"
  for c in munged munge unmunge slurmctld slurmd sinfo; do
    command -v "$c" >/dev/null || die "$c is missing: apt-get install -y slurm-wlm munge"
  done
  if [[ -n $(alive "$STATE/run/slurmctld.pid" slurmctld) ]]; then
    say "already running (state in $STATE)"
    echo "export SLURM_CONF=$CONF"
    return 0
  fi
  mkdir -p "$STATE"/{run,log,state,spool}
  if ! munge_works; then
    id munge >/dev/null 2>&1 || die "no user munge: apt-get install -y munge"
    [[ -f /etc/munge/munge.key ]] || die "/etc/munge/munge.key is missing (the munge package creates it: reinstall)"
    mkdir -p /run/munge "$STATE/munge"
    chown munge:munge /run/munge "$STATE/munge"
    chmod 0755 /run/munge
    chmod 0700 "$STATE/munge"
    # munged forks and writes its PID file; it is the only one stop will end
    runuser -u munge -- munged -S "$MUNGE_SOCKET" --pid-file="$STATE/munge/munged.pid" \
      --log-file="$STATE/munge/munged.log" --seed-file="$STATE/munge/munged.seed"
    for _ in $(seq 50); do munge_works && break; sleep 0.1; done
    munge_works || die "munged did not answer on $MUNGE_SOCKET; see $STATE/munge/munged.log"
    cp "$STATE/munge/munged.pid" "$STATE/run/munged.pid"
  else
    say "munged already answers on $MUNGE_SOCKET: using it (stop leaves it running)"
  fi
  write_conf
  # started detached: setsid without job control execs the daemon itself, so $! is its PID
  setsid slurmctld -D -f "$CONF" >"$STATE/log/slurmctld.out" 2>&1 </dev/null &
  echo $! >"$STATE/run/slurmctld.pid"
  setsid slurmd -D -f "$CONF" >"$STATE/log/slurmd.out" 2>&1 </dev/null &
  echo $! >"$STATE/run/slurmd.pid"
  local state=""
  for _ in $(seq 150); do
    state=$(SLURM_CONF=$CONF sinfo -h -n "$NODE" -o %T 2>/dev/null || true)
    [[ $state == idle ]] && break
    [[ -n $(alive "$STATE/run/slurmctld.pid" slurmctld) ]] || break
    sleep 0.2
  done
  if [[ $state != idle ]]; then
    say "the node did not come up (state '${state:-none}'); logs in $STATE/log:"
    tail -n 20 "$STATE"/log/*.out "$STATE"/log/*.log >&2 2>/dev/null || true
    stop
    exit 1
  fi
  say "one-node cluster up: node $NODE idle, partition local (state in $STATE)"
  echo "export SLURM_CONF=$CONF"
}

stop() {
  local name pid
  for name in slurmd slurmctld munged; do
    pid=$(alive "$STATE/run/$name.pid" "$name")
    if [[ -n $pid ]]; then
      kill "$pid"
      for _ in $(seq 50); do [[ -d /proc/$pid ]] || break; sleep 0.1; done
      [[ -d /proc/$pid ]] && kill -9 "$pid"
      say "stopped $name ($pid)"
    fi
    rm -f "$STATE/run/$name.pid"
  done
}

status() {
  local name pid
  for name in munged slurmctld slurmd; do
    pid=$(alive "$STATE/run/$name.pid" "$name")
    if [[ -n $pid ]]; then echo "$name: running ($pid)"; else echo "$name: not started here"; fi
  done
  [[ -f $CONF ]] && SLURM_CONF=$CONF sinfo 2>/dev/null || true
}

case ${1:-} in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
