// Package splitmix is the splitmix64 generator: a tiny, fast, deterministic
// source of 64-bit values whose output depends on the seed only (not on the
// Go version), for Zobrist keys, block patterns and match seeds.
package splitmix

const gamma = 0x9E3779B97F4A7C15

// Mix returns splitmix64's output for state x: the value Next gives when
// the generator's state is x.
func Mix(x uint64) uint64 {
	x += gamma
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}

// Rand is a splitmix64 generator; its zero value starts from state 0.
type Rand struct{ X uint64 }

// New returns a generator with the given seed as its state.
func New(seed uint64) *Rand { return &Rand{X: seed} }

// Next returns the next value.
func (r *Rand) Next() uint64 {
	v := Mix(r.X)
	r.X += gamma
	return v
}

// Intn returns a value in [0, n) (n > 0), by reduction modulo n.
func (r *Rand) Intn(n int) int { return int(r.Next() % uint64(n)) }
