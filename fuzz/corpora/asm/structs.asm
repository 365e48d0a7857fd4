struct ObjectList $7E0100
  .Type: skip 1
  .PosX: skip 2
  .PosY: skip 2
  .SizeX: skip 1
  .SizeY: skip 1
endstruct
struct Properties extends ObjectList
  .Palette: skip 1
  .TileNumber: skip 2
  .FlipX: skip 1
  .FlipY: skip 1
endstruct
struct Aligned $7E0100
  .Type: skip 1
  .PosX: skip 2
  .PosY: skip 2
  .SizeX: skip 1
  .SizeY: skip 1
endstruct align 16
org $008000
  lda ObjectList.PosY
  lda ObjectList[2].PosY
  lda Aligned[2].PosY
  lda ObjectList.Properties.FlipX
  lda ObjectList[2].Properties.FlipX
  lda ObjectList.Properties[2].FlipX
  lda Later[1].B
struct Later $7F0000
  .A: skip 3
  .B: skip 1
endstruct
