package engine

import (
	"testing"
	"time"
)

// The clock fields as cutegames writes them to its engines
// (src/engine/engine_ugi.cpp: "go p1time T p2time T p1inc I p2inc I";
// engine_uai.cpp: btime, wtime, binc, winc, with p1's clock as btime).
func TestClockFields(t *testing.T) {
	left := [2]time.Duration{1000 * time.Millisecond, 900 * time.Millisecond}
	inc := [2]time.Duration{10 * time.Millisecond, 20 * time.Millisecond}
	for _, tc := range []struct {
		d    *dialect
		want string
	}{
		{uaiDialect, " btime 1000 wtime 900 binc 10 winc 20"},
		{ugiDialect, " p1time 1000 p2time 900 p1inc 10 p2inc 20"},
	} {
		if got := tc.d.clockFields(left, inc); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.d.name, got, tc.want)
		}
	}
}
