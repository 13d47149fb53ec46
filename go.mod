module boardrepl

go 1.26.8
