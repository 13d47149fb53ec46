// Package all registers every game boardrepl plays. Import it for its side
// effect: rules.All and rules.Lookup then know the games.
package all

import (
	_ "boardrepl/rules/ataxx"
	_ "boardrepl/rules/konobi"
	_ "boardrepl/rules/oware"
	_ "boardrepl/rules/tablut"
)
