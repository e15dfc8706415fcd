from papergame.cli import main

main()
