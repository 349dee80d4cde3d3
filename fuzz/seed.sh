#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ from the project's corpus/ (idempotent; files
# libFuzzer added before are kept):
#   container, ir, compile  every corpus .dxil blob
#   ir                      also the bare bitcode of each blob
#   bitstream               the bare bitcode of each blob's DXIL part
#   records                 one byte per seed shader (seed index, no mutations)
#   rootsig                 the RTS0 part of each blob that has one
# Usage: fuzz/seed.sh   (from anywhere; needs only coreutils)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/fuzz/corpus"
mkdir -p "$out"/{container,bitstream,ir,compile,records,rootsig}

# Little-endian u32 of file $1 at byte offset $2.
u32() { od -An -tu4 -j "$2" -N4 "$1" | tr -d ' \n'; }

# Writes the bitcode of the DXIL part of container $1 to $2 (returns 1 if
# there is none). DXBC: "DXBC", hash[16], version, size, part count, then
# part offsets; a part is fourcc, size, data. DXIL part data: program version,
# size in words, then the bitcode header "DXIL", DXIL version, bitcode offset
# (from the bitcode header, at data + 8) and bitcode size.
extract_bitcode() {
    local blob=$1 dest=$2 count i part fourcc data bc_off bc_size
    [ "$(head -c 4 "$blob")" = "DXBC" ] || return 1
    count=$(u32 "$blob" 28)
    for ((i = 0; i < count; i++)); do
        part=$(u32 "$blob" $((32 + 4 * i)))
        fourcc=$(tail -c +$((part + 1)) "$blob" | head -c 4)
        [ "$fourcc" = "DXIL" ] || continue
        data=$((part + 8))
        [ "$(tail -c +$((data + 9)) "$blob" | head -c 4)" = "DXIL" ] || return 1
        bc_off=$(u32 "$blob" $((data + 16)))
        bc_size=$(u32 "$blob" $((data + 20)))
        tail -c +$((data + 8 + bc_off + 1)) "$blob" | head -c "$bc_size" >"$dest"
        return 0
    done
    return 1
}

# Writes the data of part $2 (a fourcc) of container $1 to $3 (returns 1 if
# there is none).
extract_part() {
    local blob=$1 want=$2 dest=$3 count i part
    [ "$(head -c 4 "$blob")" = "DXBC" ] || return 1
    count=$(u32 "$blob" 28)
    for ((i = 0; i < count; i++)); do
        part=$(u32 "$blob" $((32 + 4 * i)))
        [ "$(tail -c +$((part + 1)) "$blob" | head -c 4)" = "$want" ] || continue
        tail -c +$((part + 9)) "$blob" | head -c "$(u32 "$blob" $((part + 4)))" >"$dest"
        return 0
    done
    return 1
}

blobs=0
bitcode=0
rootsigs=0
while IFS= read -r -d '' blob; do
    rel=${blob#"$root/corpus/"}
    name=${rel%.dxil}
    name=${name//\//__}
    for t in container ir compile; do
        cp "$blob" "$out/$t/$name.dxil"
    done
    blobs=$((blobs + 1))
    if extract_bitcode "$blob" "$out/bitstream/$name.bc"; then
        cp "$out/bitstream/$name.bc" "$out/ir/$name.bc"
        bitcode=$((bitcode + 1))
    fi
    if extract_part "$blob" RTS0 "$out/rootsig/$name.rts0"; then
        rootsigs=$((rootsigs + 1))
    fi
done < <(find "$root/corpus" -name '*.dxil' -type f -print0 | sort -z)

# records: the input's first byte selects the seed (fuzz_targets/records.rs).
for i in 0 1 2 3 4 5 6 7; do
    printf "\\x0$i" >"$out/records/seed-$i"
done

echo "seeded $blobs blobs ($bitcode with DXIL bitcode, $rootsigs with RTS0) into $out"
