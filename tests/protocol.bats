#!/usr/bin/env bats
# GTP framing and the standard commands.

load test_helper

@test "protocol_version answers 2, with the id echoed" {
    gtp "1 protocol_version"
    [ "$status" -eq 0 ]
    [ "$output" = "=1 2" ]
}

@test "name and version" {
    gtp name version
    [ "${lines[0]}" = "= flipfive" ]
    [[ "${lines[1]}" =~ ^=\ [0-9]+\.[0-9]+ ]]
}

@test "every reply ends with exactly one empty line" {
    run bash -c "printf 'name\nversion\n' | '$ENGINE' | od -c | head -3"
    [[ "$output" == *'f   l   i   p   f   i   v   e  \n  \n   ='* ]]
}

@test "unknown command" {
    gtp "5 frobnicate"
    [ "$output" = "?5 unknown command" ]
}

@test "EOF ends the engine with status 0" {
    gtp name
    [ "$status" -eq 0 ]
}
