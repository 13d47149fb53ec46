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

// func subRowAVX2(a, w *int16, n int)
TEXT ·subRowAVX2(SB), NOSPLIT, $0-24
	MOVQ a+0(FP), AX
	MOVQ w+8(FP), BX
	MOVQ n+16(FP), CX
	SHRQ $5, CX
sub32:
	VMOVDQU 0(AX), Y0
	VMOVDQU 32(AX), Y1
	VPSUBW 0(BX), Y0, Y0
	VPSUBW 32(BX), Y1, Y1
	VMOVDQU Y0, 0(AX)
	VMOVDQU Y1, 32(AX)
	ADDQ $64, AX
	ADDQ $64, BX
	DECQ CX
	JNZ sub32
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
