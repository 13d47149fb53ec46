package linereader

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // several buffers' worth
	for _, tc := range []struct {
		name, in string
		max      int
		want     []string // "!N": a *TooLongError for line N
	}{
		{"lines", "uai\nisready\n", 10, []string{"uai", "isready"}},
		{"crlf", "uai\r\nisready\r\n", 10, []string{"uai", "isready"}},
		{"no end", "uai\nquit", 10, []string{"uai", "quit"}},
		{"blank", "\n\nd\n", 10, []string{"", "", "d"}},
		{"empty", "", 10, nil},
		{"at the bound", "0123456789\n0123456789\r\n", 10, []string{"0123456789", "0123456789"}},
		{"one over", "0123456789a\nd\n", 10, []string{"!1", "d"}},
		{"one over with cr", "0123456789a\r\nd\n", 10, []string{"!1", "d"}},
		{"two over, no cr", "0123456789ab\nd\n", 10, []string{"!1", "d"}},
		{"long", "uai\n" + long + "\nisready\n", 1000, []string{"uai", "!2", "isready"}},
		{"long at the end", "uai\n" + long, 1000, []string{"uai", "!2"}},
		{"long, bound above the buffer", long + "\n" + long + "x\nd\n", 200 << 10, []string{long, "!2", "d"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := New(strings.NewReader(tc.in), tc.max)
			var got []string
			for {
				l, err := r.Line()
				var tl *TooLongError
				switch {
				case err == io.EOF:
				case errors.As(err, &tl):
					if tl.Max != tc.max {
						t.Errorf("max %d, want %d", tl.Max, tc.max)
					}
					got = append(got, "!"+string(rune('0'+tl.Line)))
					continue
				case err != nil:
					t.Fatal(err)
				default:
					got = append(got, l)
					continue
				}
				break
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %.80q, want %.80q", got, tc.want)
			}
		})
	}
}

func TestTooLongMessage(t *testing.T) {
	err := (&TooLongError{Line: 3, Max: 1 << 20}).Error()
	if err != "line 3 is longer than 1048576 bytes: ignored" {
		t.Error(err)
	}
}
