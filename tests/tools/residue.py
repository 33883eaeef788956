# A gdb script: what a run of getrandom leaves of its random bytes in memory.
#   RESIDUE_OUT=FILE [RESIDUE_MODE=uuid|ulid|range RESIDUE_LO=LO] \
#   gdb -nx -batch -x tests/tools/residue.py --args GETRANDOM ARGS...
# Records every buffer that the tool's getrandom(2) calls return; when
# the process calls exit_group, reads the printed values back from FILE
# (their binary forms: a UUID's 16 bytes, a ULID's, a range value and its
# offset from LO), and searches the writable memory for any 6 bytes in a
# row of either; prints "residue ADDRESS MAPPING" for each hit, or "clean".
import gdb
WINDOW = 6  # bytes in a row: 6 random bytes match by chance once in 2^48

drawn = []
gdb.execute("set pagination off")
gdb.execute("catch syscall getrandom")
gdb.execute("catch syscall exit_group")
import os
OUTFILE = os.environ.get("RESIDUE_OUT", "/dev/null")
ARGS = gdb.execute("show args", to_string=True).split('"', 1)[1].rsplit('"', 1)[0]
gdb.execute("run " + ARGS + " >" + OUTFILE)

def printed_values():
    """The binary forms of the values printed, as the tool held them."""
    import struct
    mode = os.environ.get("RESIDUE_MODE", "")
    try:
        text = open(OUTFILE).read().split()
    except (OSError, UnicodeDecodeError):
        return []
    out = []
    for t in text:
        if mode == "uuid":
            out.append(bytes.fromhex(t.replace("-", "")))
        elif mode == "ulid":
            alpha = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
            n = 0
            for c in t:
                n = n * 32 + alpha.index(c)
            b = n.to_bytes(16, "big")
            out += [b, b[::-1]]
        elif mode == "range":
            lo = int(os.environ["RESIDUE_LO"])
            for x in (int(t), int(t) - lo):
                out += [struct.pack("<Q", x), struct.pack(">Q", x)]
    return out

entering = {}
tool_call = {}
while True:
    try:
        inf = gdb.selected_inferior()
        if not inf.is_valid() or inf.pid == 0:
            break
    except gdb.error:
        break
    th = gdb.selected_thread()
    nr = int(gdb.parse_and_eval("$orig_rax"))
    if nr == 318:  # getrandom
        tid = th.ptid[1]
        if entering.get(tid) and tool_call.get(tid):
            entering[tid] = False
            n = int(gdb.parse_and_eval("(long)$rax"))
            if n > 0:
                drawn.append(bytes(inf.read_memory(int(gdb.parse_and_eval("$rdi")), n)))
        elif entering.get(tid):
            entering[tid] = False
        else:
            entering[tid] = True
            # The tool calls getrandom(2) through syscall(3); the C
            # library's own calls (malloc's tcache key) are not its bytes.
            tool_call[tid] = gdb.newest_frame().name() == "syscall"
        gdb.execute("continue")
        continue
    # exit_group
    drawn.extend(printed_values())
    maps = open("/proc/%d/maps" % inf.pid).read().splitlines()
    hits = 0
    for line in maps:
        f = line.split()
        lo, hi = [int(x, 16) for x in f[0].split("-")]
        # ASan's shadow spans terabytes, mostly never touched: not the program's data.
        if "w" not in f[1] or f[-1] == "[vvar]" or hi - lo > (256 << 20):
            continue
        try:
            mem = bytes(inf.read_memory(lo, hi - lo))
        except gdb.error:
            continue
        for d in drawn:
            for i in range(0, max(1, len(d) - WINDOW + 1)):
                w = d[i:i + WINDOW]
                if len(w) < WINDOW:
                    break
                j = mem.find(w)
                if j != -1:
                    print("residue %#x %s" % (lo + j, f[-1] if len(f) > 5 else "[anon]"))
                    hits += 1
                    break
    print("drawn %d calls, %d bytes" % (len(drawn), sum(map(len, drawn))))
    if hits == 0:
        print("clean")
    gdb.execute("kill")
    break
