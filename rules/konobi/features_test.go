package konobi

import "testing"

// The evaluation is the weighted sum of its features, each feature is what
// its name says, and Evaluate does not allocate.
func TestFeatures(t *testing.T) {
	g, err := Parse("3/1BW/1BW b -")
	if err != nil {
		t.Fatal(err)
	}
	// Black needs b3 (distance 1, a cut); white a3, b3, c3 (3, every
	// point a cut, TestDistance); black to place.
	want := []float64{1, 3, 1, 1, 1}
	f := g.Features()
	for i := range want {
		if f[i] != want[i] {
			t.Errorf("feature %s = %v, want %v", FeatureNames[i], f[i], want[i])
		}
	}
	sum := 0
	for i, w := range EvalWeights() {
		sum += w * int(f[i])
	}
	if e := g.Evaluate(); e != sum {
		t.Errorf("Evaluate() = %d, want the weighted features %d", e, sum)
	}
	if a := testing.AllocsPerRun(10, func() { g.Evaluate() }); a != 0 {
		t.Errorf("Evaluate allocates %v times", a)
	}
}
