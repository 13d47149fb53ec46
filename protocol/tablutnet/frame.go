// Package tablutnet speaks the protocol of the University of Bologna Tablut
// challenge server (github.com/AGalassi/TablutCompetition): a client that
// plays a game on the server with boardrepl's engine, a server that plays the
// server's part so that two challenge players can meet without the Java
// server, and a reader of the server's game logs.
//
// # The protocol, as the Java server and its TablutClient implement it
//
// Every message, either way, is a 4-byte big-endian length followed by that
// many bytes of UTF-8 JSON (StreamUtils.writeString / readString). White
// connects to port 5800, black to 5801.
//
//  1. Each client first sends its name as a JSON string ("\"Ann\""); the
//     server keeps the letters and digits among its first 10 characters.
//     The server accepts white and reads his name, then black and his.
//  2. The server sends the state to both players: {"board":[[...]],"turn":...}
//     with the board's rows from rank 1 (row index 0) to rank 9, cells EMPTY,
//     WHITE, BLACK, KING or THRONE, and turn WHITE or BLACK.
//  3. The player to move sends an action {"from":"e3","to":"h3","turn":"WHITE"}
//     within the move time (60 s by default); the server takes the turn from
//     its own state, checks the move, and sends the new state to both
//     players: one state after every ply.
//  4. A refused move counts as an error: past the allowed number (0 by
//     default) the player loses, else the same state is sent again.
//  5. A state whose turn is WHITEWIN, BLACKWIN or DRAW ends the game; the
//     server then closes the connections.
//
// The Java server exits without a word when a player runs out of time (the
// clients just see the connection close); boardrepl's server sends the final
// state instead (the opponent wins), which the same clients understand.
package tablutnet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// MaxMessage bounds the length of one message. A state is about 750 bytes;
// anything near this bound is not the protocol.
const MaxMessage = 1 << 16

// ErrTooLong is returned for a message longer than MaxMessage.
var ErrTooLong = errors.New("message too long for the Tablut protocol")

// ErrNotUTF8 is returned for a message whose bytes are not UTF-8.
var ErrNotUTF8 = errors.New("message is not valid UTF-8")

// WriteMessage writes one framed message: its length as 4 big-endian bytes,
// then the bytes, in a single write.
func WriteMessage(w io.Writer, msg []byte) error {
	if len(msg) > MaxMessage {
		return ErrTooLong
	}
	buf := make([]byte, 4+len(msg))
	binary.BigEndian.PutUint32(buf, uint32(len(msg)))
	copy(buf[4:], msg)
	_, err := w.Write(buf)
	return err
}

// ReadMessage reads one framed message. It returns io.EOF when the stream
// ends cleanly before a message, io.ErrUnexpectedEOF when it ends inside
// one, and an error for a length beyond MaxMessage (a negative Java int
// included) or bytes that are not UTF-8.
func ReadMessage(r io.Reader) ([]byte, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, err
	}
	n := binary.BigEndian.Uint32(hdr[:])
	if n > MaxMessage {
		return nil, fmt.Errorf("%w: %d bytes announced", ErrTooLong, int32(n))
	}
	msg := make([]byte, n)
	if _, err := io.ReadFull(r, msg); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if !utf8.Valid(msg) {
		return nil, ErrNotUTF8
	}
	return msg, nil
}
