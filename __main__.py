from combatcheck.cli import main

main()
