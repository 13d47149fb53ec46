package tablutnet

import (
	"fmt"
	"io"
	"time"
)

// The challenge server writes its game log through java.util.logging with
// the default SimpleFormatter: each record is a header line (date, class,
// method) and a "LEVEL: message" line; a message may span lines (the
// states). With an English locale:
//
//	Jan 15, 2024 3:10:55 PM it.unibo.ai.didattica.competition.tablut.domain.GameAshtonTablut checkMove
//	FINE: Turn: W Pawn from e3 to h3
//
// (in an Italian locale, as in the logs the server's authors published, FINE
// reads BUONO and WARNING reads AVVERTENZA, and months are Italian). The
// messages are those of GameAshtonTablut, in Italian where it is. A state
// is printed rank 1 first, one row a line, O empty, W white soldier, B
// black soldier, K king, T the empty throne; then "-" and the turn W, B,
// WW, BW or D.

const logClass = "it.unibo.ai.didattica.competition.tablut.domain.GameAshtonTablut"

// logTimeLayout is SimpleFormatter's "%1$tb %1$td, %1$tY %1$tl:%1$tM:%1$tS %1$Tp".
const logTimeLayout = "Jan 02, 2006 3:04:05 PM"

// gameLog writes a game log in the challenge server's format.
type gameLog struct {
	w   io.Writer
	now func() time.Time
	err error
}

func (l *gameLog) entry(method, level, msg string) {
	if l == nil || l.w == nil || l.err != nil {
		return
	}
	_, l.err = fmt.Fprintf(l.w, "%s %s %s\n%s: %s\n", l.now().Format(logTimeLayout), logClass, method, level, msg)
}

func (l *gameLog) fine(method, msg string)    { l.entry(method, "FINE", msg) }
func (l *gameLog) warning(method, msg string) { l.entry(method, "WARNING", msg) }

// refusalMessage is the warning GameAshtonTablut logs for each refusal,
// by exception class.
func refusalMessage(class, turnLetter string) string {
	switch class {
	case "ActionException":
		return "Formato mossa errato"
	case "BoardException":
		return "Mossa fuori tabellone"
	case "ThroneException":
		return "Mossa sul trono"
	case "OccupitedException":
		return "Mossa sopra una casella occupata"
	case "CitadelException":
		return "Mossa che arriva sopra una citadel"
	case "StopException":
		return "Nessuna mossa"
	case "PawnException":
		return "Giocatore " + turnLetter + " cerca di muovere una pedina avversaria"
	case "DiagonalException":
		return "Mossa in diagonale"
	case "ClimbingException":
		return "Mossa che scavalca una pedina"
	case "ClimbingCitadelException":
		return "Mossa che scavalca una citadel"
	}
	return "Mossa non valida"
}
