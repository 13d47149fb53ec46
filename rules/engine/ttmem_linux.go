package engine

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the table with huge pages (transparent
// huge pages in "madvise" mode, the usual default): a table of many
// megabytes probed at random costs a TLB miss at nearly every probe with
// 4 KB pages. Failing is harmless (the kernel may not offer them).
func adviseHuge(words []uint64) {
	if len(words) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&words[0])), len(words)*8)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
