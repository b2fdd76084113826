module github.com/gosparse/gosparse

go 1.26
