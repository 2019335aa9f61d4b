"""How many candidate schedules a resumed strata-tune run measured again.

    python3 measured-again.py DB.jsonl FIRST_RUN_RECORDS.txt

The first run's records come first in the database, each kernel's first
record its heuristic schedule (which a run may record again when it times
it anew to confirm a candidate's lead).
"""
import json
import sys

records = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
count = int(open(sys.argv[2]).read().split()[0])
first, rest = records[:count], records[count:]
heuristic = {}
for record in first:
    heuristic.setdefault(record["kernel"], record["schedule"])
seen = {(record["kernel"], record["schedule"]) for record in first}
again = [record for record in rest
         if (record["kernel"], record["schedule"]) in seen and
         record["schedule"] != heuristic[record["kernel"]]]
print(f"new records {len(rest) > 0}, candidates measured again {len(again)}")
