#!/usr/bin/env python3
"""The race transcript of docs/plain-mode.md: the race runs on the
session's clock, so the Enters are piped 0.3 s apart until the race ends,
then each typed line 1.5 s apart; the run of Enters is shown as one line.

    scripts/plain-race-transcript.py BINARY 'ARGS' LINE1 LINE2 ...
"""
import os, subprocess, sys, time, tempfile, select, fcntl
binary=sys.argv[1]; args=sys.argv[2].split(); moves=sys.argv[3:]
d=tempfile.mkdtemp()
env=dict(os.environ, XDG_DATA_HOME=d+"/data", XDG_CONFIG_HOME=d+"/cfg", HOME=d)
p=subprocess.Popen([binary]+args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=d)
fd=p.stdout.fileno(); fcntl.fcntl(fd, fcntl.F_SETFL, os.O_NONBLOCK)
buf=b""
def drain(wait):
    global buf
    end=time.time()+wait
    while True:
        r,_,_=select.select([fd],[],[],max(0,end-time.time()))
        if not r: break
        try: chunk=os.read(fd,65536)
        except BlockingIOError: continue
        if not chunk: break
        buf+=chunk
    out=buf.decode(); buf=b""
    return out
shown=[]
def typed(l, wait):
    shown.append("> "+l)
    p.stdin.write((l+"\n").encode()); p.stdin.flush()
    o=drain(wait)
    shown.extend(o.splitlines())
    return o
shown.extend(drain(1.0).splitlines())
typed("",0.3)  # Go
n=0
while True:
    o=typed("",0.3); n+=1
    if "moves first" in o or n>60: break
for m in moves:
    typed(m, 1.5)
p.stdin.close(); shown.extend(drain(2.0).splitlines()); p.wait()
# Collapse the run of Enters.
out=[]; i=0
while i<len(shown):
    if shown[i]=="> ":
        j=i
        while j<len(shown) and shown[j]=="> ": j+=1
        k=j-i
        out.append("> " if k==1 else f"> (Enter, {k} times)")
        i=j
    else:
        out.append(shown[i]); i+=1
print("\n".join(out))
