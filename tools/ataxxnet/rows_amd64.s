#include "textflag.h"

// The trainer's row loops in AVX2 (rows_amd64.go): 8 float32 a 256-bit
// register, 64 units at a time; n is a multiple of 64. Each element gets
// the same additions in the same order as the Go loops of rows.go, so the
// results are the same bits.

// func gatherAVX2(acc, w1 *float32, feats *int, nfeat, n int)
// acc[h] += w1[f*n+h] for each f of feats in order.
TEXT ·gatherAVX2(SB), NOSPLIT, $0-40
	MOVQ acc+0(FP), DI
	MOVQ w1+8(FP), SI
	MOVQ n+32(FP), R8
	SHLQ $2, R8 // a row's bytes
	XORQ R9, R9 // the chunk's byte offset
gchunk:
	VMOVUPS 0(DI)(R9*1), Y0
	VMOVUPS 32(DI)(R9*1), Y1
	VMOVUPS 64(DI)(R9*1), Y2
	VMOVUPS 96(DI)(R9*1), Y3
	VMOVUPS 128(DI)(R9*1), Y4
	VMOVUPS 160(DI)(R9*1), Y5
	VMOVUPS 192(DI)(R9*1), Y6
	VMOVUPS 224(DI)(R9*1), Y7
	MOVQ feats+16(FP), DX
	MOVQ nfeat+24(FP), CX
	TESTQ CX, CX
	JZ gstore
grow:
	MOVQ 0(DX), AX
	IMULQ R8, AX
	ADDQ SI, AX
	ADDQ R9, AX
	VADDPS 0(AX), Y0, Y0
	VADDPS 32(AX), Y1, Y1
	VADDPS 64(AX), Y2, Y2
	VADDPS 96(AX), Y3, Y3
	VADDPS 128(AX), Y4, Y4
	VADDPS 160(AX), Y5, Y5
	VADDPS 192(AX), Y6, Y6
	VADDPS 224(AX), Y7, Y7
	ADDQ $8, DX
	DECQ CX
	JNZ grow
gstore:
	VMOVUPS Y0, 0(DI)(R9*1)
	VMOVUPS Y1, 32(DI)(R9*1)
	VMOVUPS Y2, 64(DI)(R9*1)
	VMOVUPS Y3, 96(DI)(R9*1)
	VMOVUPS Y4, 128(DI)(R9*1)
	VMOVUPS Y5, 160(DI)(R9*1)
	VMOVUPS Y6, 192(DI)(R9*1)
	VMOVUPS Y7, 224(DI)(R9*1)
	ADDQ $256, R9
	CMPQ R9, R8
	JLT gchunk
	VZEROUPPER
	RET

// func scatterAVX2(g1, d *float32, feats *int, nfeat, n int)
// g1[f*n+h] += d[h] for each f of feats.
TEXT ·scatterAVX2(SB), NOSPLIT, $0-40
	MOVQ g1+0(FP), DI
	MOVQ d+8(FP), SI
	MOVQ n+32(FP), R8
	SHLQ $2, R8
	XORQ R9, R9
schunk:
	VMOVUPS 0(SI)(R9*1), Y0
	VMOVUPS 32(SI)(R9*1), Y1
	VMOVUPS 64(SI)(R9*1), Y2
	VMOVUPS 96(SI)(R9*1), Y3
	VMOVUPS 128(SI)(R9*1), Y4
	VMOVUPS 160(SI)(R9*1), Y5
	VMOVUPS 192(SI)(R9*1), Y6
	VMOVUPS 224(SI)(R9*1), Y7
	MOVQ feats+16(FP), DX
	MOVQ nfeat+24(FP), CX
	TESTQ CX, CX
	JZ snext
srow:
	MOVQ 0(DX), AX
	IMULQ R8, AX
	ADDQ DI, AX
	ADDQ R9, AX
	VADDPS 0(AX), Y0, Y8
	VMOVUPS Y8, 0(AX)
	VADDPS 32(AX), Y1, Y8
	VMOVUPS Y8, 32(AX)
	VADDPS 64(AX), Y2, Y8
	VMOVUPS Y8, 64(AX)
	VADDPS 96(AX), Y3, Y8
	VMOVUPS Y8, 96(AX)
	VADDPS 128(AX), Y4, Y8
	VMOVUPS Y8, 128(AX)
	VADDPS 160(AX), Y5, Y8
	VMOVUPS Y8, 160(AX)
	VADDPS 192(AX), Y6, Y8
	VMOVUPS Y8, 192(AX)
	VADDPS 224(AX), Y7, Y8
	VMOVUPS Y8, 224(AX)
	ADDQ $8, DX
	DECQ CX
	JNZ srow
snext:
	ADDQ $256, R9
	CMPQ R9, R8
	JLT schunk
	VZEROUPPER
	RET
