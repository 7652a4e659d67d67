#!/usr/bin/env python3
# label_in_shot.py DOM PNG TEXT RGB: the label TEXT is among the page's
# visible labels (the layout check's data-shown: text@left,top,width,height)
# and the screenshot, down to a little below that box, holds pixels of its
# colour RGB (hex; a colour nothing else on the page uses: the marker's
# label and its leader line), so it is drawn and not covered. Not the box
# alone: Chromium's --dump-dom layout and its --screenshot differ by a few
# px at a phone width (measured: 18 px left, 10 px up at 390 px). Exit 0
# when so, else 1 with the reason. A small PNG reader (8-bit RGB/RGBA, not
# interlaced: what Chromium writes), no PIL.
import html, re, sys, zlib

dom, png, text, rgb = sys.argv[1:5]
want = tuple(int(rgb[i:i + 2], 16) for i in (0, 2, 4))
m = re.search(r'data-shown="([^"]*)"', open(dom, encoding="utf-8").read())
if not m:
    sys.exit("no data-shown in the DOM")
box = None
for item in html.unescape(m.group(1)).split("|"):
    t, _, b = item.rpartition("@")
    if t == text:
        box = [int(v) for v in b.split(",")]
if not box:
    sys.exit(f"label {text!r} is not among the visible labels")
left, top, width, height = box

data = open(png, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit("not a PNG")
pos, idat, w = 8, b"", 0
while pos < len(data):
    n = int.from_bytes(data[pos:pos + 4], "big")
    kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype, interlace = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big"), body[8], body[9], body[12]
        if depth != 8 or ctype not in (2, 6) or interlace:
            sys.exit(f"unsupported PNG: depth {depth}, colour type {ctype}, interlace {interlace}")
        bpp = 3 if ctype == 2 else 4
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = w * bpp
rows, prev = [], bytearray(stride)
last_row = min(h, top + height + 100)
for y in range(last_row):  # unfilter only down to the label's last row
    f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b, c = prev[i], prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    prev = line
hits = 0
for y in range(max(0, top - 100), last_row):
    for x in range(w):
        px = rows[y][x * bpp:x * bpp + 3]
        if sum(abs(px[k] - want[k]) for k in range(3)) < 60:
            hits += 1
if hits < 20:
    sys.exit(f"label {text!r} at {box}: {hits} pixels of #{rgb} in the screenshot (covered or not drawn)")
print(f"label {text!r} at {box}: {hits} pixels of #{rgb}")
