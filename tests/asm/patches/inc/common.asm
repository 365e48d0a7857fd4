; Shared defines and macros, as hacks keep them in one include.
!hearts = $7EF36C
!start_hearts = $18

macro set8()
  sep #$30
endmacro
