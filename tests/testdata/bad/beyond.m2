S a b c
A 2 9|||X|||y|||REQUIRED|||-NONE-|||0
