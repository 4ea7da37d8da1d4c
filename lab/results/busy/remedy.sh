#!/bin/sh
# Product against product at 200 ms a decision, two games at once, while other work runs
# beside it at nice 0 (plain), at nice 19 (nice) or not at all (idle); each window logged.
cd /work/main
W=/work/runs/remedy.windows
load() { # $1: the nice level
  c=$(mktemp -d)
  GOCACHE=$c nice -n $1 go test -count=1 ./... > /dev/null 2>&1
  GOCACHE=$c nice -n $1 go vet ./... > /dev/null 2>&1
  nice -n $1 xz -9e -c /work/runs/sprt-prune4-st200.log > /tmp/nl.xz
  rm -rf $c /tmp/nl.xz
}
win() { s=$(date +%s.%N); "$@"; e=$(date +%s.%N); echo "$s $e $cond" >> $W; }
for round in 1 2 3; do
  cond=idle; win sleep 200
  cond=plain; win load 0
  cond=idle; win sleep 200
  cond=nice; win load 19
done
