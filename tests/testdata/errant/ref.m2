S This are a example .
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0
A 3 4|||R:DET|||an|||REQUIRED|||-NONE-|||0
A 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||1
A 2 4|||R:OTHER|||an|||REQUIRED|||-NONE-|||1

S Nothing wrong here .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S He go to school yesterday .
A 1 2|||R:VERB:TENSE|||went|||REQUIRED|||-NONE-|||0
A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||1

S I like cat and dog .
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0
A 2 3|||R:NOUN:NUM|||cats|||REQUIRED|||-NONE-|||0
A 4 5|||R:NOUN:NUM|||dogs|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S She have many many book .
A 1 2|||R:VERB:SVA|||has|||REQUIRED|||-NONE-|||0
A 2 3|||U:ADJ||||||REQUIRED|||-NONE-|||0
A 4 5|||UNK|||book|||REQUIRED|||-NONE-|||0

S There is no edits in this block .

S We discussed about the problem in the meeting yesterday .
A 2 3|||U:PREP||||||REQUIRED|||-NONE-|||0
A 2 4|||R:OTHER|||the|||REQUIRED|||-NONE-|||1
A 8 10|||R:WO|||yesterday meeting|||REQUIRED|||-NONE-|||1
A 10 10|||M:PUNCT|||!|||REQUIRED|||-NONE-|||1

S It is a nice day .
A 3 4|||R:ADJ|||good|||REQUIRED|||-NONE-|||0
A 5 5|||M:ADV|||today|||REQUIRED|||-NONE-|||1

S It was a nice day .
A 5 5|||M:ADV|||today|||REQUIRED|||-NONE-|||1
A 3 4|||R:ADJ|||good|||REQUIRED|||-NONE-|||0
