S This are a example .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0
A 3 4|||R:DET|||an|||REQUIRED|||-NONE-|||0

S Nothing wrong here .

S He go to school yesterday .
A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0

S I like cat and dog .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0

S She have many many book .
A 4 5|||R:NOUN:NUM|||books|||REQUIRED|||-NONE-|||0

S There is no edits in this block .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0

S We discussed about the problem in the meeting yesterday .
A 2 4|||R:DET|||the|||REQUIRED|||-NONE-|||0
A 8 9|||R:NOUN|||day|||REQUIRED|||-NONE-|||0

S It is a nice day .
A 0 1|||R:PRON|||This|||REQUIRED|||-NONE-|||0

S It was a nice day .
A 0 1|||R:PRON|||This|||REQUIRED|||-NONE-|||0
