org $008000
  lda Missing
