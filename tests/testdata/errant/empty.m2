S This are a example .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S Nothing wrong here .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S He go to school yesterday .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S I like cat and dog .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S She have many many book .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S There is no edits in this block .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S We discussed about the problem in the meeting yesterday .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S It is a nice day .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S It was a nice day .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

