S He go to school every days .

S This sentences contain gramamtical error .

S I am agree with you .

S Das ist ein schöne Haus .

S She have three cat and one dog .

S It is fine .

