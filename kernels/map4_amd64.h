// Macros shared by the four-lane float64 maps of exp_amd64.s and
// log_amd64.s (included there).

// QUAD4 stores val in the four float64 lanes at sym+off (a constant that
// a 256-bit operation reads whole).
#define QUAD4(sym, off, val) \
	DATA sym+(off)(SB)/8, val; \
	DATA sym+(off+8)(SB)/8, val; \
	DATA sym+(off+16)(SB)/8, val; \
	DATA sym+(off+24)(SB)/8, val

// MAP4 is the body of func(dst, src *T, n int) int: dst[i] = OP(src[i])
// four lanes at a time for i < n (a multiple of 4), up to the first group
// of four for which RANGE does not set AX to 15; it returns how many it
// wrote. LOAD sets Y0 to the four lanes of src at DX as float64, OP maps
// Y0 in place, STORE writes Y0 to dst at DX.
#define MAP4(LOAD, RANGE, OP, STORE) \
	MOVQ dst+0(FP), DI; \
	MOVQ src+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	XORQ DX, DX; \
loop: \
	CMPQ DX, CX; \
	JGE done; \
	LOAD; \
	RANGE; \
	CMPQ AX, $15; \
	JNE done; \
	OP; \
	STORE; \
	ADDQ $4, DX; \
	JMP loop; \
done: \
	MOVQ DX, ret+24(FP); \
	VZEROUPPER; \
	RET

// The loads and stores of MAP4 for float64 and for float32 (widened to
// float64 and narrowed back).
#define LOADF64 VMOVUPD (SI)(DX*8), Y0
#define STOREF64 VMOVUPD Y0, (DI)(DX*8)
#define LOADF32 VCVTPS2PD (SI)(DX*4), Y0
#define STOREF32 VCVTPD2PSY Y0, X0; VMOVUPS X0, (DI)(DX*4)

// MAP4F64 and MAP4F32 are MAP4 on float64 and on float32.
#define MAP4F64(RANGE, OP) MAP4(LOADF64, RANGE, OP, STOREF64)
#define MAP4F32(RANGE, OP) MAP4(LOADF32, RANGE, OP, STOREF32)
