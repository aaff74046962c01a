#!/usr/bin/env bash
# Starts a real single-node Slurm (slurmctld + slurmd on this machine, 2 CPUs, munge authentication) from
# Debian's packages, runs the default experiment as a job array of 4 shards plus a dependent merge through
# sbatch, compares the merged report with an unsharded run, and stops the daemons it started.
# Needs root (to install slurm-wlm and munge, and to run the daemons). Run from the repository root:
#   bash scripts/slurm/local-cluster.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
EXPERIMENT=${EXPERIMENT:-configs/experiments/default.yaml}
SHARDS=${SHARDS:-4}
if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
  apt-get update -qq && apt-get install -y -qq slurm-wlm munge > /dev/null
fi
swift build -c release --product gesturelab > /dev/null
GESTURELAB=$PWD/.build/release/gesturelab

work=$(mktemp -d /tmp/gesturelab-slurm.XXXXXX)
node=$(hostname -s)
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  wait 2> /dev/null || true
}
trap stop EXIT

# Authentication: a private munge daemon with its own key and socket.
mkdir -p "$work/munge" && chmod 700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none && chmod 400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" --seed-file="$work/munge/munged.seed"
pids+=("$(cat "$work/munge/munged.pid")")

cat > "$work/slurm.conf" << CONF
ClusterName=gesturelab
SlurmctldHost=$node
AuthType=auth/munge
AuthInfo=socket=$work/munge/munge.socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$node CPUs=2 State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
mkdir -p "$work/state" "$work/spool"
export SLURM_CONF=$work/slurm.conf
slurmctld -D -f "$SLURM_CONF" > "$work/slurmctld.out" 2>&1 & pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" > "$work/slurmd.out" 2>&1 & pids+=($!)
for _ in $(seq 60); do
  sinfo -h -o %t 2> /dev/null | grep -q idle && break
  sleep 1
done
sinfo

runs=$work/runs
jid=$(sbatch --parsable --array=0-$((SHARDS - 1)) --chdir="$PWD" --output="$work/slurm-%A_%a.out" \
  --export=ALL,EXPERIMENT="$EXPERIMENT",SHARDS="$SHARDS",RUNS="$runs",GESTURELAB="$GESTURELAB" scripts/slurm/compare.sbatch)
echo "submitted array job $jid ($SHARDS shards)"
mid=$(sbatch --parsable --wait --dependency=afterok:"$jid" --chdir="$PWD" --output="$work/slurm-%j-merge.out" \
  --export=ALL,RUNS="$runs",OUT="$work/report",GESTURELAB="$GESTURELAB" scripts/slurm/merge.sbatch)
echo "merge job $mid finished"
sacct -j "$jid,$mid" 2> /dev/null || true
for f in "$work"/slurm-*.out; do echo "== $(basename "$f")"; tail -n 3 "$f"; done

# The same experiment on one machine, written to the same path so the reports name the same command.
mv "$work/report" "$work/merged"
"$GESTURELAB" compare "$EXPERIMENT" --out "$work/report" > /dev/null
if diff -r "$work/merged" "$work/report" > "$work/diff.txt"; then
  echo "local-cluster: the merged report of $SHARDS Slurm shards equals the unsharded report, byte for byte ($(ls "$work/report" | wc -l) files)"
else
  echo "local-cluster: the reports differ:" >&2
  head -n 40 "$work/diff.txt" >&2
  exit 1
fi
