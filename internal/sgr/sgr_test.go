package sgr

import "testing"

func TestParse(t *testing.T) {
	runs := Parse("a \x1b[30;107;1mW\x1b[0m b\x1b[97m\x1b[40mB\x1b[0;22m\n")
	var styled []Run
	for _, r := range runs {
		if r.Styled() {
			styled = append(styled, r)
		}
	}
	if len(styled) != 2 || styled[0].Text != "W" || styled[0].Style() != "fg=black bg=bright-white bold" ||
		styled[1].Text != "B" || styled[1].Style() != "fg=bright-white bg=black" {
		t.Fatalf("%+v", styled)
	}
}

func TestContrast(t *testing.T) {
	// Black on white is 21:1, the most there is; the terminal's own
	// colours do not matter when the run sets both.
	bw := Run{Fg: 0, Bg: 15}
	if c := bw.Contrast(true); round1(c) != 21 || bw.Contrast(false) != c {
		t.Errorf("black on white: %v", c)
	}
	// Default text reads on either terminal; blue text on black does not.
	if c := (Run{Fg: Default, Bg: Default}).Contrast(false); c != 21 {
		t.Errorf("default on light: %v", c)
	}
	if c := (Run{Fg: 4, Bg: Default}).Contrast(true); c > 3 {
		t.Errorf("blue on a dark terminal: %v", c)
	}
}

func round1(x float64) float64 { return float64(int(x*10+0.5)) / 10 }
