#!/bin/bash
# A fake NBoard engine for nboard-session's tests. Like NTest it prints a
# bare "status" line of its own before any search (NTest does after loading
# its book), and like every engine a line that arrives while it searches
# stops the search: a go takes half a second and answers F5 when left alone,
# D3 when a line came before its end.
echo "status Loading book"
echo "status"
while IFS= read -r line; do
    case $line in
    go)
        if IFS= read -r -t 0.5 early; then
            echo "=== D3"
            line=$early
        else
            echo "=== F5"
            continue
        fi ;;
    esac
    case $line in
    ping*) echo "pong ${line#ping }" ;;
    quit) exit 0 ;;
    esac
done
