package splitmix

import "testing"

// The reference sequence of splitmix64 from seed 0 (Vigna's C code, as
// quoted by every implementation's test: 0xe220a8397b1dcdaf, ...).
func TestReference(t *testing.T) {
	r := New(0)
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := r.Next(); got != want {
			t.Errorf("value %d: %#x, want %#x", i, got, want)
		}
	}
	if Mix(0) != 0xe220a8397b1dcdaf {
		t.Error("Mix(0) is not the first value")
	}
}
