#!/bin/sh
# Behaviour of the GURPS AIs per bundled scenario: 20 narrated fights each
# (seeds 1..20), the seasoned AI as bundled and every controller switched
# to ai:basic[-tactics]. Usage: behaviour.sh FRAY_BINARY
FRAY=${1:-target/profiling/fray}
TMP=$(mktemp -d)
for f in scenarios/gurps/*.toml; do
  b=$(basename "$f" .toml)
  # The copy lives elsewhere: a GCS file it names is made absolute.
  sed -E 's/controller = "ai:([a-z-]+)"/controller = "ai:basic-\1"/; s/controller = "(ai|human)"/controller = "ai:basic"/; s|^gcs = "|gcs = "'"$PWD/scenarios/gurps/"'|' "$f" > "$TMP/$b-basic.toml"
  for v in seasoned basic; do
    if [ $v = seasoned ]; then s=$f; else s=$TMP/$b-basic.toml; fi
    for seed in $(seq 1 20); do "$FRAY" fight "$s" --seed "$seed"; done > "$TMP/out" 2>&1
    att=$(grep -cE '^[^ ].*: (Attack|All-Out Attack|Move and Attack)' "$TMP/out")
    fnt=$(grep -cE '^[^ ].*: Feint' "$TMP/out")
    aoa=$(grep -cE '^[^ ].*: All-Out Attack' "$TMP/out")
    aod=$(grep -cE '^[^ ].*: All-Out Defense' "$TMP/out")
    locs=$(grep -E 'rolls attack:' "$TMP/out" | sed -E 's/.*aim at ([a-z -]+) -?[0-9]+.*/\1/; t; s/.*/torso/' | sort | uniq -c | sort -rn | awk '{n=$1; $1=""; printf "%s%s %d", sep, substr($0,2), n; sep=", "}')
    defs=$(grep -oE 'rolls (dodge|parry|block|[A-Za-z ]*spell)' "$TMP/out" | sed 's/rolls //' | sort | uniq -c | sort -rn | awk '{printf "%s%s %d", sep, $2, $1; sep=", "}')
    rounds=$("$FRAY" sim "$s" -n 2000 --json 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); print(round(d.get("rounds",{}).get("mean",0),2) if isinstance(d.get("rounds"),dict) else "")' 2>/dev/null)
    echo "| $b | $v | $fnt / $att | $locs | $defs | $aoa / $aod | $rounds |"
  done
done
rm -rf "$TMP"
