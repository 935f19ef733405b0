S a b c
A 0 x|||X|||y|||REQUIRED|||-NONE-|||0
