#!/bin/bash
# Compares /bench/limited with /bench/unlimited on a started demo (java -jar samples/demo/target/demo.jar).
# Interleaves short wrk runs (ABBA order) so that background load hits both alike; prints each pair and the
# median of the per-pair ratios. PAIRS and SECS set how many pairs of how long.
PAIRS=${PAIRS:-12}; SECS=${SECS:-2}
rps() { wrk -t2 -c32 -d${SECS}s http://127.0.0.1:8080/bench/$1 | awk '/Requests\/sec/ {print $2}'; }
for p in unlimited limited; do wrk -t2 -c32 -d5s http://127.0.0.1:8080/bench/$p > /dev/null 2>&1; done
ratios=(); su=0; sl=0
for i in $(seq $PAIRS); do
  if [ $((i % 2)) = 1 ]; then a=$(rps unlimited); b=$(rps limited); else b=$(rps limited); a=$(rps unlimited); fi
  r=$(echo "scale=3; $b / $a" | bc); ratios+=($r); su=$(echo "$su + $a" | bc); sl=$(echo "$sl + $b" | bc)
  echo "pair $i: unlimited $a limited $b ratio $r"
done
median=$(printf '%s\n' "${ratios[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
echo "mean unlimited $(echo "$su / $PAIRS" | bc) req/s, limited $(echo "$sl / $PAIRS" | bc) req/s, ratio of means $(echo "scale=3; $sl / $su" | bc), median ratio $median"
