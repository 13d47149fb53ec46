#include "textflag.h"

// The network's loops in AVX2 (nnue_amd64.go): 16 int16 values a 256-bit
// register; n is a multiple of 32.

// func addRowAVX2(a, w *int16, n int)
TEXT ·addRowAVX2(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), AX
	MOVQ w+8(FP), BX
	MOVQ n+16(FP), CX
	SHRQ $5, CX
add32:
	VMOVDQU 0(AX), Y0
	VMOVDQU 32(AX), Y1
	VPADDW 0(BX), Y0, Y0
	VPADDW 32(BX), Y1, Y1
	VMOVDQU Y0, 0(AX)
	VMOVDQU Y1, 32(AX)
	ADDQ $64, AX
	ADDQ $64, BX
	DECQ CX
	JNZ add32
	VZEROUPPER
	RET

// func screluDotAVX2(a, w *int16, n int) int32
// sum of w[i]*clamp(a[i], 0, 255)^2: x*w in 16 bits (|w| <= 127), then
// pairs of x*(x*w) summed into 32 bits (VPMADDWD).
TEXT ·screluDotAVX2(SB), NOSPLIT, $0-28
	MOVQ a+0(FP), AX
	MOVQ w+8(FP), BX
	MOVQ n+16(FP), CX
	SHRQ $5, CX
	VPXOR Y7, Y7, Y7
	VPXOR Y5, Y5, Y5
	MOVL $255, DX
	MOVD DX, X6
	VPBROADCASTW X6, Y6
dot32:
	VMOVDQU 0(AX), Y0
	VMOVDQU 32(AX), Y1
	VPMAXSW Y7, Y0, Y0
	VPMAXSW Y7, Y1, Y1
	VPMINSW Y6, Y0, Y0
	VPMINSW Y6, Y1, Y1
	VPMULLW 0(BX), Y0, Y2
	VPMULLW 32(BX), Y1, Y3
	VPMADDWD Y2, Y0, Y2
	VPMADDWD Y3, Y1, Y3
	VPADDD Y2, Y5, Y5
	VPADDD Y3, Y5, Y5
	ADDQ $64, AX
	ADDQ $64, BX
	DECQ CX
	JNZ dot32
	VEXTRACTI128 $1, Y5, X1
	VPADDD X1, X5, X5
	VPSHUFD $0x4E, X5, X1
	VPADDD X1, X5, X5
	VPSHUFD $0xB1, X5, X1
	VPADDD X1, X5, X5
	MOVD X5, DX
	MOVL DX, ret+24(FP)
	VZEROUPPER
	RET

// func accUpdateAVX2(dst, src *int16, subs, adds **int16, n, off int)
// dst = src - subs[0] + adds[0] - ... - subs[n-1] + adds[n-1], over the
// 128 values that start off bytes into each array, held in eight
// registers: the accumulator is read and written once whatever the number
// of windows a move changed.
TEXT ·accUpdateAVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ subs+16(FP), R8
	MOVQ adds+24(FP), R9
	MOVQ n+32(FP), CX
	MOVQ off+40(FP), R10
	ADDQ R10, DI
	ADDQ R10, SI
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU 128(SI), Y4
	VMOVDQU 160(SI), Y5
	VMOVDQU 192(SI), Y6
	VMOVDQU 224(SI), Y7
	TESTQ CX, CX
	JZ accdone
accloop:
	MOVQ 0(R8), AX
	MOVQ 0(R9), BX
	ADDQ R10, AX
	ADDQ R10, BX
	VPSUBW 0(AX), Y0, Y0
	VPSUBW 32(AX), Y1, Y1
	VPSUBW 64(AX), Y2, Y2
	VPSUBW 96(AX), Y3, Y3
	VPSUBW 128(AX), Y4, Y4
	VPSUBW 160(AX), Y5, Y5
	VPSUBW 192(AX), Y6, Y6
	VPSUBW 224(AX), Y7, Y7
	VPADDW 0(BX), Y0, Y0
	VPADDW 32(BX), Y1, Y1
	VPADDW 64(BX), Y2, Y2
	VPADDW 96(BX), Y3, Y3
	VPADDW 128(BX), Y4, Y4
	VPADDW 160(BX), Y5, Y5
	VPADDW 192(BX), Y6, Y6
	VPADDW 224(BX), Y7, Y7
	ADDQ $8, R8
	ADDQ $8, R9
	DECQ CX
	JNZ accloop
accdone:
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VMOVDQU Y4, 128(DI)
	VMOVDQU Y5, 160(DI)
	VMOVDQU Y6, 192(DI)
	VMOVDQU Y7, 224(DI)
	VZEROUPPER
	RET
