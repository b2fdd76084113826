module github.com/gosparse/gosparse

go 1.26

require (
	github.com/mattn/go-pointer v0.0.1
	github.com/stretchr/testify v1.12.1
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
