//go:build !amd64

package ataxx

func addRow(a, w *[netHidden]int16) { addRowGo(a, w) }
func accUpdate(dst, src *[netHidden]int16, subs, adds []*[netHidden]int16) {
	accUpdateGo(dst, src, subs, adds)
}
func screluDot(a, w *[netHidden]int16) int32 { return screluDotGo(a, w) }
