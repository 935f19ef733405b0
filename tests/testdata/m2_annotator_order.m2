S a b c d e
A 0 1|||X|||A|||REQUIRED|||-NONE-|||5
A 1 2|||X|||B|||REQUIRED|||-NONE-|||8
A 2 3|||X|||C|||REQUIRED|||-NONE-|||16

S f g h
A 0 1|||X|||F|||REQUIRED|||-NONE-|||2
A 1 2|||X|||G|||REQUIRED|||-NONE-|||16

S p q r s
A 0 1|||X|||P|||REQUIRED|||-NONE-|||16
A 0 1|||X|||P|||REQUIRED|||-NONE-|||5
A 3 4|||X|||S|||REQUIRED|||-NONE-|||5
A 1 2|||X|||Q|||REQUIRED|||-NONE-|||40
A 2 3|||X|||R|||REQUIRED|||-NONE-|||40

S u v w
A 1 2|||X|||V|||REQUIRED|||-NONE-|||9
A 1 2|||X|||V|||REQUIRED|||-NONE-|||1
A 0 1|||X|||U|||REQUIRED|||-NONE-|||17

