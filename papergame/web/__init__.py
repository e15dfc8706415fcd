"""`papergame serve`: a local web page over the same engine as the command line."""
