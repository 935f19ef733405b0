S the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat the cat
A 4 6|||Wo|||-NONE-|||REQUIRED|||-NONE-|||0
A 58 59|||Wo|||a|||REQUIRED|||-NONE-|||0
A 59 60|||Wo|||dog|||REQUIRED|||-NONE-|||1

S we went to the market and bought some apples and pears for the party
A 4 4|||Adj|||very very|||REQUIRED|||-NONE-|||0
A 4 4|||Adj|||very|||REQUIRED|||-NONE-|||1

S in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , in the end , it works .
A 65 66|||SVA|||work|||REQUIRED|||-NONE-|||0
A 0 4|||Um|||-NONE-|||REQUIRED|||-NONE-|||0
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1

S I think that that that is right and and and good
A 3 5|||Rloc|||-NONE-|||REQUIRED|||-NONE-|||0
A 7 9|||Rloc|||-NONE-|||REQUIRED|||-NONE-|||0
A 2 4|||Rloc|||-NONE-|||REQUIRED|||-NONE-|||1

S of c , a b b of a d a b , , b d b , a b d a , a d a c the , c b the c b d of b b a d . , of . . of the d c d b the . of . the b b , c of c . , a b of of of . . b b the . b a the . the , of a . of c b . a d the c d , , . b c . , the c , the , of , d c b c c d d a . c the the a c
A 0 1|||X|||.|||REQUIRED|||-NONE-|||0
A 9 10|||X|||c|||REQUIRED|||-NONE-|||1
A 18 19|||X|||a|||REQUIRED|||-NONE-|||0
A 27 28|||X|||c|||REQUIRED|||-NONE-|||1
A 36 37|||X|||c|||REQUIRED|||-NONE-|||0
A 45 46|||X|||c|||REQUIRED|||-NONE-|||1
A 54 55|||X|||.|||REQUIRED|||-NONE-|||0
A 63 64|||X|||b|||REQUIRED|||-NONE-|||1
A 72 73|||X|||a|||REQUIRED|||-NONE-|||0
A 81 82|||X|||of|||REQUIRED|||-NONE-|||1
A 90 91|||X|||.|||REQUIRED|||-NONE-|||0
A 99 100|||X|||b|||REQUIRED|||-NONE-|||1
A 108 109|||X|||a|||REQUIRED|||-NONE-|||0

S the Cat sat .
A 0 0|||X|||Yes ,|||REQUIRED|||-NONE-|||0
A 0 1|||X|||The|||REQUIRED|||-NONE-|||0
A 1 2|||X|||cat|||REQUIRED|||-NONE-|||1

