"""Writes a tuning record for the kernel that strata-compile --report-tuning
named with a name containing NAME: its fingerprint and target from the
remark, SCHEDULE, and TIME_US.

    python3 tuning-record.py REMARKS NAME SCHEDULE TIME_US
"""
import json
import re
import sys

remarks, name, schedule, time_us = sys.argv[1:5]
pattern = re.compile(r"remark: kernel @(\S+) \(fingerprint ([0-9a-f]{64})\) "
                     r"on (#kernel\.target<.*>): ")
for line in open(remarks):
    match = pattern.search(line)
    if match and name in match.group(1):
        print(json.dumps({"version": 1, "kernel": match.group(2),
                          "target": match.group(3), "schedule": schedule,
                          "time_us": float(time_us), "name": match.group(1)}))
        break
else:
    sys.exit(f"no kernel named like {name} in {remarks}")
