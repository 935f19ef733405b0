S a b c
A 2 1|||X|||y|||REQUIRED|||-NONE-|||0
