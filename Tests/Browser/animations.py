"""Visible demonstration animations for the browser tests: a figure that moves across frames.
GIF's LZW is written without compression (a clear code every two pixels keeps codes 3 bits)."""


def _pack(codes, width):
    out, acc, bits = bytearray(), 0, 0
    for code in codes:
        acc |= code << bits
        bits += width
        while bits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            bits -= 8
    if bits:
        out.append(acc & 0xFF)
    return bytes(out)


def _image(pixels):
    codes = []
    for i, p in enumerate(pixels):
        if i % 2 == 0:
            codes.append(4)  # clear: the dictionary never grows past 3-bit codes
        codes.append(p)
    codes.append(5)
    data = _pack(codes, 3)
    blocks = bytearray([2])  # minimum code size
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        blocks += bytes([len(chunk)]) + chunk
    return bytes(blocks + b"\x00")


def animation(seed, size=96, frames=8):
    """A GIF of `frames` frames: a bar and a square whose place depends on the frame and seed."""
    palette = bytes([255, 255, 255, 30, 60, 140, 240, 140, 20, 170, 170, 170])
    out = bytearray(b"GIF89a") + size.to_bytes(2, "little") * 2 + bytes([0x81, 0, 0]) + palette
    out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
    for f in range(frames):
        px = [0] * (size * size)
        for x in range(size):
            px[(size - 12) * size + x] = 3
        cx = 10 + (f * (size - 30) // max(frames - 1, 1))
        cy = 20 + ((seed * 7 + f * 5) % (size // 2))
        for y in range(cy, cy + 18):
            for x in range(cx, cx + 18):
                px[y * size + x] = 1 if (seed + f) % 2 else 2
        out += bytes([0x21, 0xF9, 4, 0, 12, 0, 0, 0])
        out += b"\x2c" + (0).to_bytes(2, "little") * 2 + size.to_bytes(2, "little") * 2 + b"\x00"
        out += _image(px)
    return bytes(out + b"\x3b")
