import GestureLabCLI

// Every command lives in GestureLabCLI, where tests parse arguments in process.
GestureLab.main()
