# title: torch.frombuffer: a tensor over a bytearray's bytes
# title.zh: torch.frombuffer：建在 bytearray 字节上的张量
# intro: `torch.frombuffer(buf, dtype=..., count=..., offset=...)` copies nothing. The tensor gets a storage of its own, but that storage *is* bytes `offset` … `offset + count × element size − 1` of the buffer: the page draws it with a caption naming those bytes, and a bracket under them on the buffer's strip.
# intro: So a write through the tensor changes the bytearray, and a write into the bytearray changes the tensor. A `float32` element is 4 bytes, so one write can change several bytes at once.
# intro.zh: `torch.frombuffer(buf, dtype=..., count=..., offset=...)` 什么都不复制。张量有一个自己的存储，但这个存储*就是*缓冲区的第 `offset` 到 `offset + count × 元素大小 − 1` 个字节：页面在它的标题里写明是哪些字节，并在缓冲区的存储条下用括号标出这些字节。
# intro.zh: 所以通过张量写入会改变 bytearray，写进 bytearray 也会改变张量。一个 `float32` 元素占 4 个字节，所以一次写入可能同时改变好几个字节。
import torch

buf = bytearray(8)
# note(t): `t` reads all 8 bytes as two `float32` numbers: its storage is bytes 0–7 of `buf`'s storage.
# note.zh(t): `t` 把全部 8 个字节读成两个 `float32` 数：它的存储就是 `buf` 存储的第 0–7 字节。
t = torch.frombuffer(buf, dtype=torch.float32)
# note(s): `s` is bytes 2–4 of `buf`, one `uint8` per byte. Its data pointer is 2 bytes after `t`'s.
# note.zh(s): `s` 是 `buf` 的第 2–4 字节，每个字节一个 `uint8`。它的数据指针比 `t` 的靠后 2 个字节。
s = torch.frombuffer(buf, dtype=torch.uint8, count=3, offset=2)
print(t, s)
print(s.untyped_storage().data_ptr() - t.untyped_storage().data_ptr())
# ask: `1.0` as a `float32` is the bytes 00 00 80 3f. After `t[0] = 1.0`, which elements of `s` change?
# ask.zh: `float32` 的 `1.0` 是字节 00 00 80 3f。执行 `t[0] = 1.0` 之后，`s` 的哪些元素会变？
# answer: changed(s)
# choices: none | s[0] | s[0], s[1] | s[0], s[1], s[2]
t[0] = 1.0
print(list(buf))
print(s)
# note(s): A write into the bytearray itself: byte 4 is `s[2]`, and the lowest byte of `t[1]`.
# note.zh(s): 直接写进 bytearray：第 4 个字节是 `s[2]`，也是 `t[1]` 的最低字节。
buf[4] = 1
print(s)
# note(t): `s[0]` is byte 2 of `t[0]`: 00 00 00 3f is the `float32` 0.5.
# note.zh(t): `s[0]` 是 `t[0]` 的第 2 个字节：00 00 00 3f 就是 `float32` 的 0.5。
s[0] = 0
print(t[0])
