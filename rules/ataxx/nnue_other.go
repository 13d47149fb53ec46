//go:build !amd64

package ataxx

func addRow(a, w *[netHidden]int16)          { addRowGo(a, w) }
func subRow(a, w *[netHidden]int16)          { subRowGo(a, w) }
func screluDot(a, w *[netHidden]int16) int32 { return screluDotGo(a, w) }
