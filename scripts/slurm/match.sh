#!/usr/bin/env bash
# One arbiter match as a Slurm job array: each array task plays one shard (--shard I/N, I from
# SLURM_ARRAY_TASK_ID, N the array's SLURM_ARRAY_TASK_COUNT as submitted) into a folder the
# nodes share, and a merge job that depends on the array combines the shards (docs/match.md,
# "Shards").
#
#   scripts/slurm/match.sh submit SHARED N [MATCH ARGUMENTS...]
#
# e.g. scripts/slurm/match.sh submit /scratch/$USER/m1 8 othello@base othello \
#          --games 4000 --sprt elo0=0,elo1=5
#
# submits the array (N tasks) and the merge job and prints their ids. With ARBITER_WATCH=SECS
# it also submits a watcher beside the array that merges every SECS seconds and writes
# SHARED/STOP once the SPRT has decided: the shards then stop at their next pair. The final
# merge writes SHARED/merged/result.json (and the summary in SHARED/logs/merge.out).
#
# ARBITER_XTASK is the command that runs arbiter's xtask (default: `cargo xtask`, run from the
# repository; a built `target/release/xtask` saves each task a cargo start). Extra sbatch
# options for every job go in ARBITER_SBATCH (e.g. "--partition=short --time=04:00:00").
# A task that is requeued or run again resumes its shard (`match --resume`).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
script="$here/$(basename "$0")"
read -r -a xtask <<< "${ARBITER_XTASK:-cargo xtask}"
read -r -a sbatch_options <<< "${ARBITER_SBATCH:-}"

usage() {
    echo "usage: $0 submit SHARED N [match arguments...]" >&2
    exit 2
}

# The shard folders that hold a match, in shard order.
shard_folders() {
    local common=$1 count
    count=$(cat "$common/shards")
    for ((i = 1; i <= count; i++)); do
        if [[ -f "$common/shard-$i/match.json" ]]; then
            echo "$common/shard-$i"
        fi
    done
}

case "${1:-}" in
submit)
    [[ $# -ge 3 ]] || usage
    common=$(realpath -m "$2")
    count=$3
    shift 3
    [[ $count =~ ^[1-9][0-9]*$ ]] || { echo "N must be a positive number, not '$count'" >&2; exit 2; }
    mkdir -p "$common/logs"
    # The match's arguments, one per line, for the tasks to read back exactly.
    printf '%s\n' "$@" > "$common/match-args"
    echo "$count" > "$common/shards"
    rm -f "$common/STOP"
    array=$(sbatch --parsable "${sbatch_options[@]}" --array="1-$count" \
        --job-name=arbiter-shard --output="$common/logs/shard-%a.out" \
        "$script" shard "$common")
    array=${array%%;*}
    if [[ -n "${ARBITER_WATCH:-}" ]]; then
        watcher=$(sbatch --parsable "${sbatch_options[@]}" --job-name=arbiter-watch \
            --output="$common/logs/watch.out" "$script" watch "$common" "$ARBITER_WATCH")
        echo "watcher job ${watcher%%;*}"
    fi
    merge=$(sbatch --parsable "${sbatch_options[@]}" --dependency="afterany:$array" \
        --job-name=arbiter-merge --output="$common/logs/merge.out" \
        "$script" merge "$common")
    echo "array job $array ($count shards), merge job ${merge%%;*}"
    ;;
shard)
    common=$2
    index=${SLURM_ARRAY_TASK_ID:?run as a task of the job array}
    # The split as submitted: SLURM_ARRAY_TASK_COUNT is that of the array this task is in,
    # which a task resubmitted alone (--array=3) would get wrong.
    count=$(cat "$common/shards")
    if [[ -n "${SLURM_ARRAY_TASK_COUNT:-}" && $SLURM_ARRAY_TASK_COUNT != "$count" ]]; then
        echo "note: array of $SLURM_ARRAY_TASK_COUNT task(s); the match is split in $count" >&2
    fi
    out="$common/shard-$index"
    if [[ -f "$out/match.json" ]]; then
        exec "${xtask[@]}" match --resume "$out" --stop-file "$common/STOP"
    fi
    mapfile -t arguments < "$common/match-args"
    exec "${xtask[@]}" match "${arguments[@]}" --shard "$index/$count" --out "$out" \
        --stop-file "$common/STOP"
    ;;
watch)
    common=$2
    mapfile -t folders < <(for ((i = 1; i <= $(cat "$common/shards"); i++)); do echo "$common/shard-$i"; done)
    exec "${xtask[@]}" match merge "${folders[@]}" --watch "$3" --stop-file "$common/STOP"
    ;;
merge)
    common=$2
    mapfile -t folders < <(shard_folders "$common")
    [[ ${#folders[@]} -gt 0 ]] || { echo "no shard of $common holds a match" >&2; exit 2; }
    exec "${xtask[@]}" match merge "${folders[@]}" --out "$common/merged" \
        --stop-file "$common/STOP"
    ;;
*)
    usage
    ;;
esac
